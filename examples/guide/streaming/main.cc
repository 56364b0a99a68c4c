#include <drogon/drogon.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

using namespace drogon;

// [guide:lines]
// The body of a download: `count` numbered lines of 16 bytes each
// ("000000000000000\n", "000000000000001\n", ...), from line `first` on.
static std::string numberedLines(uint64_t first, uint64_t count)
{
    std::string text(count * 16, '\n');
    for (uint64_t i = 0; i < count; ++i)
        std::snprintf(&text[i * 16], 17, "%015llu\n",
                      static_cast<unsigned long long>(first + i));
    return text;  // snprintf's last '\0' landed on a '\n' that is put back here
}
// [/guide:lines]

// [guide:producer]
// Sends `lines` numbered lines through a ResponseStream, a chunk at a time,
// and never more than kAhead bytes ahead of what the socket has taken: the
// rest of the body does not exist yet, so memory stays flat however large the
// download is. Runs on the connection's I/O thread only.
class LineProducer : public std::enable_shared_from_this<LineProducer>
{
  public:
    LineProducer(ResponseStreamPtr stream,
                 std::weak_ptr<trantor::TcpConnection> connection,
                 uint64_t lines)
        : stream_(std::move(stream)), connection_(std::move(connection)), lines_(lines)
    {
    }

    void pump()
    {
        auto conn = connection_.lock();
        if (!conn)
            return;  // the client went away; dropping the stream ends it
        if (start_ < 0)
            start_ = static_cast<int64_t>(conn->bytesSent());
        while (next_ < lines_)
        {
            // Bytes handed to the stream that the kernel has not taken yet
            // (chunk headers make the count a few bytes per chunk too low).
            const int64_t taken = static_cast<int64_t>(conn->bytesSent()) - start_;
            if (handed_ - taken > kAhead)
            {
                // Come back in a millisecond, when the socket has drained.
                conn->getLoop()->runAfter(0.001, [self = shared_from_this()] { self->pump(); });
                return;
            }
            const uint64_t count = std::min(kLinesPerChunk, lines_ - next_);
            if (!stream_->send(numberedLines(next_, count)))
                return;  // the connection closed
            next_ += count;
            handed_ += static_cast<int64_t>(count * 16);
        }
        stream_->close();  // the last, empty chunk: the body is complete
    }

  private:
    static constexpr uint64_t kLinesPerChunk = 4096;  // 64 KiB per chunk
    static constexpr int64_t kAhead = 1 << 20;        // at most 1 MiB queued

    ResponseStreamPtr stream_;
    std::weak_ptr<trantor::TcpConnection> connection_;
    uint64_t lines_;
    uint64_t next_{0};
    int64_t handed_{0};
    int64_t start_{-1};
};
// [/guide:producer]

int main(int argc, char *argv[])
{
    // The port is the first argument, the folder for uploads the second.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    const std::filesystem::path uploads = argc > 2 ? argv[2] : "received";
    std::filesystem::create_directories(uploads);

    // [guide:download]
    // GET /download?mb=200: 200 MiB of numbered lines, made while they are
    // sent (up to 1 GiB).
    app().registerHandler(
        "/download?mb={mb}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           uint64_t mb) {
            if (mb > 1024)
            {
                callback(HttpResponse::newHttpResponse(k400BadRequest, CT_TEXT_PLAIN));
                return;
            }
            const uint64_t lines = mb * 1024 * 1024 / 16;
            auto connection = req->getConnectionPtr();
            auto resp = HttpResponse::newAsyncStreamResponse(
                [connection, lines](ResponseStreamPtr stream) {
                    std::make_shared<LineProducer>(std::move(stream), connection, lines)->pump();
                });
            resp->setContentTypeCode(CT_TEXT_PLAIN);
            callback(resp);
        },
        {Get});
    // [/guide:download]

    // [guide:all-at-once]
    // The same body sent without waiting for the socket: every chunk is
    // queued in memory at once. Do not do this with large bodies (here it is
    // held to 64 MiB).
    app().registerHandler(
        "/download-all-at-once?mb={mb}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           uint64_t mb) {
            const uint64_t lines = std::min<uint64_t>(mb, 64) * 1024 * 1024 / 16;
            callback(HttpResponse::newAsyncStreamResponse([lines](ResponseStreamPtr stream) {
                for (uint64_t next = 0; next < lines; next += 4096)
                    stream->send(numberedLines(next, std::min<uint64_t>(4096, lines - next)));
                stream->close();
            }));
        },
        {Get});
    // [/guide:all-at-once]

    // [guide:upload]
    // POST /upload: the body goes to a new file in the upload folder piece by
    // piece, as it arrives; the answer names the file and counts the bytes.
    app().registerHandler(
        "/upload",
        [uploads](const HttpRequestPtr &req,
                  RequestStreamPtr &&stream,
                  std::function<void(const HttpResponsePtr &)> &&callback) {
            const std::string name = utils::getUuid() + ".bin";
            const auto path = uploads / name;
            auto file = std::make_shared<std::ofstream>(path, std::ios::binary);
            if (!file->is_open())
            {
                stream->setStreamReader(RequestStreamReader::newNullReader());
                auto resp = HttpResponse::newHttpResponse(k500InternalServerError, CT_TEXT_PLAIN);
                resp->setBody("cannot create " + name + "\n");
                callback(resp);
                return;
            }
            auto received = std::make_shared<uint64_t>(0);
            stream->setStreamReader(RequestStreamReader::newReader(
                [file, received](const char *data, size_t length) {
                    file->write(data, static_cast<std::streamsize>(length));
                    *received += length;
                },
                [file, path, name, received, callback = std::move(callback)](std::exception_ptr error) {
                    file->close();
                    if (error || !*file)
                    {
                        // The client went away mid-body, or the disk failed:
                        // no half file is left behind.
                        std::filesystem::remove(path);
                        LOG_WARN << "upload " << name << " failed after " << *received << " bytes";
                        callback(HttpResponse::newHttpResponse(k400BadRequest, CT_TEXT_PLAIN));
                        return;
                    }
                    Json::Value answer;
                    answer["file"] = name;
                    answer["bytes"] = static_cast<Json::UInt64>(*received);
                    callback(HttpResponse::newHttpJsonResponse(answer));
                }));
        },
        {Post});
    // [/guide:upload]

    // [guide:setup]
    app()
        .enableRequestStream()                     // handlers may take a RequestStreamPtr
        .setClientMaxBodySize(1024 * 1024 * 1024)  // accept bodies up to 1 GiB
        .addListener("127.0.0.1", port)
        .run();
    // [/guide:setup]
}
