# find_package(strict): the strict library, strict::strict, with the fmt it is built against.
include(CMakeFindDependencyMacro)
find_dependency(fmt CONFIG)
include(${CMAKE_CURRENT_LIST_DIR}/strictTargets.cmake)
