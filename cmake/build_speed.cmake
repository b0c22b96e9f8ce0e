# What makes a fresh build fast on two cores (numbers in reports/bench/build.txt).
#
# Most of a translation unit's time here goes to instantiating and optimising the same templates
# of nlohmann_json, RapidCheck, fmt and GoogleTest again in every file; parsing them is the
# smaller part (a precompiled header saved about 1 s of a test file's 10). Unity builds compile a
# target's files eight at a time, so that work is done once per batch; each component's tests are
# one program for the same reason. -DADC_UNITY_BUILD=OFF compiles one object per file (to check
# that each file stands alone).
option(ADC_UNITY_BUILD "Compile each target's files in batches of eight" ON)
if(ADC_UNITY_BUILD)
  set(CMAKE_UNITY_BUILD ON)
  set(CMAKE_UNITY_BUILD_BATCH_SIZE 8)
endif()

# A compiler cache shared by every checkout on the machine (tools/bootstrap installs ccache): a
# fresh clone compiles only what no earlier checkout compiled with the same sources and flags.
# Paths under the checkout are hashed relative to it (CCACHE_BASEDIR, and the build directory is
# not hashed), so clones in different directories share entries. -DADC_CCACHE=OFF compiles
# without it; CCACHE_DIR (default ~/.cache/ccache) says where the cache lives.
option(ADC_CCACHE "Compile through ccache when it is installed" ON)
if(ADC_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(ADC_CCACHE_PROGRAM ccache)
  if(ADC_CCACHE_PROGRAM)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
      CCACHE_NOHASHDIR=1 ${ADC_CCACHE_PROGRAM})
  endif()
endif()
# What else would tie a compile to the checkout's path: __FILE__ and std::source_location
# (RapidCheck's and c10's assertions, strict's provenance) name files relative to the checkout, and
# the paths programs take from the build sit in one generated source per target
# (cmake/build_locations.cmake).
add_compile_options(-fmacro-prefix-map=${PROJECT_SOURCE_DIR}/=)
include(${CMAKE_CURRENT_LIST_DIR}/build_locations.cmake)
