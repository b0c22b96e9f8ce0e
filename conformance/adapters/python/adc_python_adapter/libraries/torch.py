"""The hint for torch: what the standard does not say about it (libraries/__init__.py lists
the keys)."""

MODULE = "torch"

HINT = {
    "array_modules": ["torch"],
    "devices": '[lib.device("cpu"), lib.device("meta")]'
               ' + [lib.device("cuda", i) for i in range(lib.cuda.device_count())]',
    "default_device": "lib.empty(0).device",
    # torch >= 2.0 only; 1.13 has just set_default_tensor_type.
    "set_default_device": "lib.set_default_device({device})",
    "set_default_device_if": 'hasattr(lib, "set_default_device")',
    "reset_default_device": "lib.set_default_device(None)",
    "array_type": "lib.Tensor",
    # Meta tensors hold no data (and failing .cpu() on them costs milliseconds).
    "to_host": "None if x.is_meta else x.detach().cpu().resolve_conj().numpy()",
    # The standard's keyword -> the name torch's overload errors list (its parser maps them).
    "keyword_aliases": {"axis": "dim", "keepdims": "keepdim", "x": "input", "x1": "input",
                        "x2": "other", "a": "input"},
    # The meta device has no data and no kernels for data-dependent operations
    # (platform.md: nonzero, unique, item, where in C++, copies to cpu, DLPack).
    "quiet_c10_errors": True,
    "device_limits": ["with arguments from the 'Meta' backend",
                      "Cannot copy out of meta tensor",
                      "Unknown device type meta for Dlpack",
                      # torch 2.x words for the same (meta), seen on a GPU host
                      "The register_meta function for",
                      "cannot be called on meta tensors",
                      "Cannot pack tensors on meta",
                      # torch 2.13: an operator with no meta kernel at all (torch.equal)
                      "no fake impl or Meta kernel registered"],
}
