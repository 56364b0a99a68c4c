# [guide:cpm]
# In place of add_subdirectory: CPM.cmake (saved as cmake/CPM.cmake, from the CPM.cmake project's
# releases) downloads Drogon's release tag with its trantor submodule and adds it to the build.
include(cmake/CPM.cmake)
CPMAddPackage(
  NAME drogon
  VERSION 1.9.13
  GITHUB_REPOSITORY drogonframework/drogon
  GIT_TAG v1.9.13
  OPTIONS "BUILD_CTL OFF" "BUILD_EXAMPLES OFF" "BUILD_ORM OFF"
)
# [/guide:cpm]
