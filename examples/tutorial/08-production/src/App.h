#pragma once

#include <string>

// Sets the application up from a configuration file: everything main() does
// before run(), shared with the tests, which start the same application on a
// database of their own.
void setUpApp(const std::string &configFile);
