#!/usr/bin/env bash
# A system package the build needs and does not find stops the configure with one line naming the
# package to install (cmake/system_package.cmake), as a user building either sdist sees it (strict-xp;
# the runner, which needs three more). Each package is hidden from find_package in turn
# (CMAKE_DISABLE_FIND_PACKAGE_<name>).
set -euo pipefail
source_dir=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for case in strict-xp:fmt:libfmt-dev strict-xp:Eigen3:libeigen3-dev \
  runner:rapidcheck:librapidcheck-dev runner:nlohmann_json:nlohmann-json3-dev runner:CLI11:libcli11-dev \
  runner:Eigen3:libeigen3-dev; do
  IFS=: read -r distribution name debian <<<"$case"
  if cmake -S "$source_dir" -B "$scratch/$distribution-$name" -DADC_DISTRIBUTION="$distribution" \
      -DCMAKE_DISABLE_FIND_PACKAGE_"$name"=ON >"$scratch/$case.log" 2>&1; then
    echo "FAIL: configuring $distribution without $name succeeded"; status=1; continue
  fi
  if ! grep -q "$name not found: install $debian (Debian, Ubuntu)" "$scratch/$case.log"; then
    echo "FAIL: configuring $distribution without $name did not name $debian:"
    cat "$scratch/$case.log"; status=1
  fi
done
exit $status
