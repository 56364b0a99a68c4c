#include "demo_v1_User.h"

using namespace demo::v1;

// Add definition of your processing function here
