"""No compile but the generated build_locations.cpp depends on where the checkout is, so that
ccache shares every other object between clones (cmake/build_speed.cmake, build_locations.cmake):
each command maps __FILE__ under the checkout to relative names, and no -D carries a path of the
checkout or of the build directory.

    compile_commands_test.py SOURCE_DIR BINARY_DIR   (reads BINARY_DIR/compile_commands.json)
"""
import json
import os
import shlex
import sys


def problems(commands, source_dir, binary_dir):
    prefix_map = f"-fmacro-prefix-map={source_dir}/="
    found = []
    for entry in commands:
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        name = os.path.relpath(entry["file"], binary_dir)
        if prefix_map not in arguments:
            found.append(f"{name}: compiled without {prefix_map}")
        for argument in arguments:
            if argument.startswith("-D") and (source_dir in argument or binary_dir in argument):
                found.append(f"{name}: {argument} ties the object to this checkout: give the "
                             "path through adc_build_locations() instead")
    return found


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    source_dir, binary_dir = (os.path.realpath(path) for path in argv[1:])
    with open(os.path.join(binary_dir, "compile_commands.json"), encoding="utf-8") as f:
        commands = json.load(f)
    if not commands:
        print("compile_commands.json lists no compile", file=sys.stderr)
        return 1
    found = problems(commands, source_dir, binary_dir)
    for line in found:
        print(line)
    print(f"{len(commands)} compiles, {len(found)} tied to the checkout's path")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
