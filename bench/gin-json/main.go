// gin_json: the JSON application of the bench in Go with gin (GET /ping, GET /json,
// POST /dbop/:db/:table), with the same rules as the Drogon app in examples/json-bench.
// The JSON library is chosen at build time: encoding/json by default, sonic with -tags sonic
// (gin then uses sonic for its own rendering too), simdjson-go with -tags simdjsongo (parsing only;
// gin writes with encoding/json).
//
// Usage: gin_json -threads N -address ADDR -port PORT   (GOMAXPROCS = N; gin in release mode, no logger)
//
//	gin_json -version
//	gin_json -check-cpu   (exit 0 when the JSON library runs on this CPU, else 1 and why, on one line)
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strconv"
	"syscall"

	"github.com/gin-gonic/gin"
)

type message struct {
	Message string `json:"message"`
}

func moduleVersion(path string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, dep := range info.Deps {
		if dep.Path == path {
			return dep.Version
		}
	}
	return "unknown"
}

func usageError(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "gin_json: "+format+"\n", args...)
	flag.Usage()
	os.Exit(2)
}

func newRouter() *gin.Engine {
	router := gin.New() // no Logger, no Recovery: no access log, nothing between gin and the handler
	router.GET("/ping", func(c *gin.Context) { c.String(http.StatusOK, "pong") })
	router.GET("/json", func(c *gin.Context) { c.JSON(http.StatusOK, message{Message: "Hello, World!"}) })
	router.POST("/dbop/:db/:table", dbop)
	return router
}

func main() {
	threads := flag.Int("threads", -1, "GOMAXPROCS, 1-1024")
	address := flag.String("address", "", "IPv4 or IPv6 address to listen on, e.g. 127.0.0.1")
	port := flag.Int("port", -1, "TCP port, 1-65535")
	version := flag.Bool("version", false, "print Go, gin and the JSON library with their versions")
	checkCPU := flag.Bool("check-cpu", false, "exit 0 when the JSON library runs on this CPU, else print why and exit 1")
	flag.Parse()
	if *version {
		fmt.Printf("go %s\ngin %s\n%s %s\n", runtime.Version(), moduleVersion("github.com/gin-gonic/gin"),
			jsonLibrary, jsonLibraryVersion())
		return
	}
	if *checkCPU {
		if problem := jsonLibraryUnusable(); problem != "" {
			fmt.Println(problem)
			os.Exit(1)
		}
		fmt.Println("ok")
		return
	}
	if flag.NArg() > 0 {
		usageError("unknown argument '%s'", flag.Arg(0))
	}
	if *threads < 1 || *threads > 1024 {
		usageError("-threads must be an integer from 1 to 1024, got %d", *threads)
	}
	if net.ParseIP(*address) == nil {
		usageError("-address must be an IPv4 or IPv6 address, got '%s'", *address)
	}
	if *port < 1 || *port > 65535 {
		usageError("-port must be an integer from 1 to 65535, got %d", *port)
	}
	if problem := jsonLibraryUnusable(); problem != "" {
		fmt.Fprintf(os.Stderr, "gin_json: %s\n", problem)
		os.Exit(1)
	}
	runtime.GOMAXPROCS(*threads)
	gin.SetMode(gin.ReleaseMode)
	server := &http.Server{Addr: net.JoinHostPort(*address, strconv.Itoa(*port)), Handler: newRouter()}
	// SIGINT and SIGTERM end the process normally (exit 0), as Drogon's do: the bench counts
	// instructions under valgrind, which needs the program to exit rather than die of the signal.
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-stop
		server.Close()
	}()
	if err := server.ListenAndServe(); err != nil && err != http.ErrServerClosed {
		fmt.Fprintf(os.Stderr, "gin_json: %v\n", err)
		os.Exit(1)
	}
}
