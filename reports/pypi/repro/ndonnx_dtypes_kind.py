import ndonnx as ndx

info = ndx.__array_namespace_info__()
for call in ("info.dtypes()", "info.dtypes(device=info.devices()[0])", "info.dtypes(kind='bool')"):
    try:
        print(call, "->", list(eval(call)))
    except TypeError as e:
        print(call, "-> TypeError:", e)
print("default_dtypes keys:", list(info.default_dtypes()))
