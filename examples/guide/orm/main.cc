#include <drogon/drogon.h>

#include <iostream>

using namespace drogon;

// [guide:main]
// bookshop CONFIG_FILE: the listener and the database client come from the
// configuration file; BooksCtrl registers its routes by itself.
int main(int argc, char *argv[])
{
    if (argc != 2)
    {
        std::cerr << "usage: bookshop CONFIG_FILE\n";
        return 2;
    }
    app().loadConfigFile(argv[1]).run();
}
// [/guide:main]
