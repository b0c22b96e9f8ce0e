import ndonnx as ndx

for call in ('ndx.zeros(3, device="not-a-device")', "ndx.asarray([1, 2], device=object())",
             "ndx.arange(3, device=42)", "ndx.ones_like(ndx.asarray([1.0]), device='gpu')"):
    try:
        x = eval(call)
        print(call, "-> no error, result on", x.device)
    except Exception as e:
        print(call, "->", type(e).__name__, e)
x = ndx.asarray([1, 2])
try:
    x.to_device(x.device)
except Exception as e:
    print("x.to_device(x.device) ->", type(e).__name__, e)
