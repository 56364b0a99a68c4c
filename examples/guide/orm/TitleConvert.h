// The convert function that model.json names for books.title: the generated
// Books.cc includes this file and calls tidyTitle(title_) whenever a Books is
// made or updated from JSON.
#pragma once

#include <memory>
#include <string>

// [guide:tidy]
// "  The   Lathe of Heaven " -> "The Lathe of Heaven": no spaces at either
// end, one space between words.
inline void tidyTitle(std::shared_ptr<std::string> &title)
{
    if (!title)
        return;
    std::string tidy;
    bool space = false;
    for (char c : *title)
    {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        {
            space = !tidy.empty();
            continue;
        }
        if (space)
            tidy += ' ';
        space = false;
        tidy += c;
    }
    *title = std::move(tidy);
}
// [/guide:tidy]
