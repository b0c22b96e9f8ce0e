# A package the build needs from the system (not from PyPI's build requirements): when it is
# missing, configuring stops with one line naming the package to install, Debian's and Fedora's
# (the manylinux images') names, instead of CMake's page on package search paths.
function(adc_require_package name debian fedora)
  find_package(${name} ${ARGN} QUIET)
  if(NOT ${name}_FOUND)
    message(FATAL_ERROR "${name} not found: install ${debian} (Debian, Ubuntu) or ${fedora} "
      "(Fedora, the manylinux images)")
  endif()
endfunction()
