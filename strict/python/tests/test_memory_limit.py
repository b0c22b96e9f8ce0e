# A container's memory limit: where the system overcommits, an array larger than the process's
# control group may hold is granted by the system, and filling it lets the kernel end the process.
# strict refuses it first with MemoryError naming the function, as for an array larger than the
# machine (test_devices.py). The child runs in a new memory control group of its own, made here
# where this process may make one (root, a writable cgroup v1 or v2 memory hierarchy).
import os
import pathlib
import subprocess
import sys

import pytest

CGROUP_ROOT = pathlib.Path("/sys/fs/cgroup")
LIMIT = 2**30  # generous: an interpreter under AddressSanitizer (ctest) holds more


def host_swap_bytes():
    for line in pathlib.Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("SwapTotal:"):
            return int(line.split()[1]) * 1024
    return 0


def new_memory_group(name):
    """A new memory control group beside this process's own, limited to LIMIT, or why not."""
    for line in pathlib.Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):  # v1: the memory hierarchy's own mount
            parent, limit_file = CGROUP_ROOT / "memory" / path.lstrip("/"), "memory.limit_in_bytes"
            break
    else:  # v2: one hierarchy; its root must delegate the memory controller
        parent, limit_file = CGROUP_ROOT, "memory.max"
        if "memory" not in (parent / "cgroup.subtree_control").read_text(errors="replace").split():
            raise OSError("the cgroup v2 root does not delegate the memory controller")
    group = parent / name
    group.mkdir()
    try:
        (group / limit_file).write_text(str(LIMIT))
    except OSError:
        group.rmdir()
        raise
    return group


def test_an_array_larger_than_the_control_groups_limit_is_a_memory_error(tmp_path):
    try:
        group = new_memory_group(f"strict_xp_memory_limit_test.{os.getpid()}")
    except OSError as error:
        pytest.skip(f"no memory control group can be made here: {error}")
    # Larger than the limit and the swap the group may also use: refused, never filled.
    elements = (LIMIT + host_swap_bytes() + 2**28) // 8
    script = tmp_path / "child.py"
    script.write_text(
        "import strict_xp as xp\n"
        "try:\n"
        f"    xp.zeros(({elements},))\n"
        "    print('allocated')\n"
        "except MemoryError as error:\n"
        "    print('MemoryError:', error)\n"
    )
    procs = group / "cgroup.procs"
    try:
        child = subprocess.run(
            [sys.executable, str(script)],
            env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
            preexec_fn=lambda: procs.write_text(str(os.getpid())),
            capture_output=True, text=True, timeout=120,
        )
    finally:
        group.rmdir()
    assert child.returncode == 0, (
        f"the child ended with {child.returncode} (a negative status is the signal that ended it)"
        f": {child.stdout}{child.stderr}")
    assert child.stdout.startswith("MemoryError: zeros(): cannot allocate"), child.stdout
