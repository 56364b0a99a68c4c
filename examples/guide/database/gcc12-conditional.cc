// Without Drogon: a coroutine passes a temporary made by ?: to a function
// inside a co_await expression, as execSqlCoro's arguments are passed.
// g++ 12.2 frees the temporary's string twice: the program aborts.
// Build: g++ -std=c++20 gcc12-conditional.cc -o gcc12-conditional
// Run: ./gcc12-conditional [named|temporary|conditional] [TEXT]
#include <coroutine>
#include <cstdio>
#include <optional>
#include <string>

struct Task
{
    struct promise_type
    {
        Task get_return_object() { return {}; }
        std::suspend_never initial_suspend() { return {}; }
        std::suspend_never final_suspend() noexcept { return {}; }
        void return_void() {}
        void unhandled_exception() {}
    };
};

struct Ready  // an awaiter that does not suspend
{
    bool await_ready() { return true; }
    void await_suspend(std::coroutine_handle<>) {}
    void await_resume() {}
};

Ready bind(const std::optional<std::string> &value) { return {}; }

Task insert(const std::string &text, const std::string &form)
{
    if (form == "named")
    {
        // The form that works: the optional in a named variable first.
        const auto value = text.empty() ? std::nullopt : std::optional<std::string>(text);
        co_await bind(value);
    }
    else if (form == "temporary")
    {
        // A plain temporary, no ?: : works too.
        co_await bind(std::optional<std::string>(text));
    }
    else
    {
        // The form that aborts: ?: written into the co_await's expression.
        co_await bind(text.empty() ? std::nullopt : std::optional<std::string>(text));
    }
    std::printf("%s: done\n", form.c_str());
}

int main(int argc, char *argv[])
{
    insert(argc > 2 ? argv[2] : "The Left Hand of Darkness", argc > 1 ? argv[1] : "conditional");
}
