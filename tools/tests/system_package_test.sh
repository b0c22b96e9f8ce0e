#!/usr/bin/env bash
# A system package the build needs and does not find stops the configure with one line naming the
# package to install (cmake/system_package.cmake), as a user building the strict-xp sdist sees it.
# Each package is hidden from find_package in turn (CMAKE_DISABLE_FIND_PACKAGE_<name>).
set -euo pipefail
source_dir=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for case in "fmt:libfmt-dev" "Eigen3:libeigen3-dev"; do
  name=${case%%:*} debian=${case#*:}
  if cmake -S "$source_dir" -B "$scratch/$name" -DADC_DISTRIBUTION=strict-xp \
      -DCMAKE_DISABLE_FIND_PACKAGE_"$name"=ON >"$scratch/$name.log" 2>&1; then
    echo "FAIL: configuring without $name succeeded"; status=1; continue
  fi
  if ! grep -q "$name not found: install $debian (Debian, Ubuntu)" "$scratch/$name.log"; then
    echo "FAIL: configuring without $name did not name $debian:"; cat "$scratch/$name.log"; status=1
  fi
done
exit $status
