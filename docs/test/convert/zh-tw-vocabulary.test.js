// The guide's programming vocabulary in Taiwan usage, end to end: sentences written for this test
// (not taken from the pages or from docs/zh-tw-overrides.json's examples) go through the site's
// converter and must come out exactly as a Taiwanese programmer writes them; and the committed
// Traditional pages say 返回 nowhere outside code (it is 傳回 when a value or response is returned).
// Covers: docs/src/convert/markdown-protect.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { convertText, convertMarkdown } = require('../../src/convert/zh-tw');
const { protectMarkdown, proseLines } = require('../../src/convert/markdown-protect');
const { loadOverrides } = require('../../src/convert/overrides');

const repoRoot = path.join(__dirname, '..', '..', '..');

// [Simplified, Taiwan] pairs. Each names one or more reviewed terms: returning a value, timeouts,
// certificates, running, calling, defaults, callbacks, asynchronous calls, caches, threads and
// processes, strings, objects, interfaces, ports, parameters, variables, functions, memory,
// server and client, databases, logs, files, libraries, classes, macros, containers; and 返回 that
// means going back, which stays.
const sentences = [
  ['处理函数返回之前不会阻塞其他线程。', '處理函式傳回之前不會阻塞其他執行緒。'],
  ['如果数据库查询超时，回调会收到一个异常。', '如果資料庫查詢逾時，回呼會收到一個例外。'],
  ['这个方法返回一个指向响应对象的智能指针。', '這個方法傳回一個指向回應物件的智慧指標。'],
  ['默认情况下，服务器在 8080 端口上监听。', '預設情況下，伺服器在 8080 埠上監聽。'],
  ['启用 HTTPS 时需要提供证书文件和私钥文件。', '啟用 HTTPS 時需要提供憑證檔案和私鑰檔案。'],
  ['测试时可以使用自签名证书，但浏览器会发出警告。', '測試時可以使用自我簽署憑證，但瀏覽器會發出警告。'],
  ['运行程序之前，先把配置文件复制到当前目录。', '執行程式之前，先把設定檔複製到目前目錄。'],
  ['调用 getParameter 获取查询字符串中的参数。', '呼叫 getParameter 取得查詢字串中的參數。'],
  ['异步调用不会阻塞当前的事件循环。', '非同步呼叫不會阻塞目前的事件迴圈。'],
  ['把结果缓存在内存中，下一次请求就不用再查询数据库。', '把結果快取在記憶體中，下一次請求就不用再查詢資料庫。'],
  ['每个 I/O 线程有自己的事件循环，而进程只有一个。', '每個 I/O 執行緒有自己的事件迴圈，而行程只有一個。'],
  ['客户端发送请求后，服务器返回一个 JSON 对象。', '用戶端傳送請求後，伺服器傳回一個 JSON 物件。'],
  ['插件在服务器启动时初始化，在服务器停止时关闭。', '外掛在伺服器啟動時初始化，在伺服器停止時關閉。'],
  ['把日志级别设为 TRACE，可以看到每个请求的详细信息。', '把日誌等級設為 TRACE，可以看到每個請求的詳細資訊。'],
  ['日志文件超过指定大小后会轮转，旧文件保留在同一个目录中。', '日誌檔超過指定大小後會輪替，舊檔案保留在同一個目錄中。'],
  ['注册一个自定义的 404 页面，替换默认的错误页面。', '註冊一個自訂的 404 頁面，替換預設的錯誤頁面。'],
  ['这个接口返回的字符串以换行符结尾。', '這個介面傳回的字串以換行字元結尾。'],
  ['变量的值在编译时就确定了。', '變數的值在編譯時就確定了。'],
  ['连接超时时间和请求超时时间可以分别设置。', '連線逾時時間和請求逾時時間可以分別設定。'],
  ['点击页面右下角的按钮返回顶部。', '點選頁面右下角的按鈕返回頂部。'],
  ['看完这一章后返回首页，继续阅读下一部分。', '看完這一章後返回首頁，繼續閱讀下一部分。'],
  ['函数执行完毕后，控制返回到调用方。', '函式執行完畢後，控制回到呼叫端。'],
  ['协程在等待数据库结果时挂起，线程可以去处理别的请求。', '協程在等待資料庫結果時暫停，執行緒可以去處理別的請求。'],
  ['用 Docker 构建一个包含 Drogon 的镜像。', '用 Docker 建置一個包含 Drogon 的映像。'],
  ['程序链接了 Drogon 的动态库和 trantor 的静态库。', '程式連結了 Drogon 的動態函式庫和 trantor 的靜態函式庫。'],
  ['在终端中运行 drogon_ctl version 查看版本号。', '在終端機中執行 drogon_ctl version 檢視版本號。'],
  ['控制器类必须实现 METHOD_LIST_BEGIN 和 METHOD_LIST_END 之间的宏。', '控制器類別必須實作 METHOD_LIST_BEGIN 和 METHOD_LIST_END 之間的巨集。'],
  ['第一个参数映射到路径中的 {1}，第二个映射到 {2}。', '第一個參數對應到路徑中的 {1}，第二個對應到 {2}。'],
  ['两个类注册了同一个路径时，先注册的那个生效。', '兩個類別註冊了同一個路徑時，先註冊的那個生效。'],
  ['这个函数的返回值是一个布尔值，表示是否成功。', '這個函式的傳回值是一個布林值，表示是否成功。'],
  ['每个类型都有自己的转换函数，一个类似的例子见下文。', '每個型別都有自己的轉換函式，一個類似的例子見下文。'],
  ['数据库客户端库和 JSON 库都要在编译 Drogon 之前安装。', '資料庫用戶端函式庫和 JSON 函式庫都要在編譯 Drogon 之前安裝。'],
  ['只有同一台机器上的程序才能访问这个端口。', '只有同一臺機器上的程式才能存取這個埠。'],
  ['请求头部太大时，服务器返回 431。', '請求標頭太大時，伺服器傳回 431。'],
];

for (const [simplified, taiwan] of sentences) {
  test(`in Taiwan usage: ${simplified}`, () => {
    assert.equal(convertText(simplified), taiwan);
  });
}

// Real sentences of the site (CHN pages, some shortened) with the Taiwan term families of issue 32:
// an origin, a class, a row lock, a handler, a setting and a flag, 了 after a verb, 里, a reference, a
// header, a column name, statistics, and OpenCC splits (审阅并合并, 被复制).
const siteSentences = [
  ['怎样允许来自其他源的请求（CORS）', '怎樣允許來自其他來源的請求（CORS）'],
  ['不发送凭据的那个路由，分别来自允许的源和另一个源；', '不傳送憑據的那個路由，分別來自允許的來源和另一個來源；'],
  ['生成的文件就是普通的源文件：本站把它们提交进仓库。', '生成的檔案就是普通的原始檔：本站把它們提交進存放庫。'],
  ['CORS 跨域资源共享', 'CORS 跨來源資源共用'],
  ['在 PostgreSQL 上看行锁的作用。', '在 PostgreSQL 上看資料列鎖定的作用。'],
  ['信号处理函数只设置一个标志，因为信号处理函数中能安全地做的事情极少；', '訊號處理函式只設定一個旗標，因為訊號處理函式中能安全地做的事情極少；'],
  ['这个函数是在信号处理程序里运行的，所以它只把工作放进主事件循环的队列。', '這個函式是在訊號處理常式裡執行的，所以它只把工作放進主事件迴圈的佇列。'],
  ['按引用接收的参数，它只保存引用。', '按參考接收的參數，它只儲存參考。'],
  ['而且它在处理函数设置任何东西之前运行：它设置的状态码或头只是默认值，', '而且它在處理函式設定任何東西之前執行：它設定的狀態碼或標頭只是預設值，'],
  ['服务器在响应后关闭连接，但响应中没有 Connection: close 头，因此 wrk 把每次关闭都算作读取错误。', '伺服器在回應後關閉連線，但回應中沒有 Connection: close 標頭，因此 wrk 把每次關閉都算作讀取錯誤。'],
  ['它的比值 4.67×（95% 置信区间 4.48–4.87）重复了 1,024 个连接已经显示的结果。', '它的比值 4.67×（95% 信賴區間 4.48–4.87）重複了 1,024 個連線已經顯示的結果。'],
  ['主机名在加载文件时解析。', '主機名稱在載入檔案時解析。'],
  ['由人来审阅并合并。', '由人來審閱並合併。'],
  ['参数则会被复制进协程，与协程同生命周期。', '參數則會被複製進協程，與協程同生命週期。'],
  ['表名和列名会原样拼进 SQL。', '表名和欄位名稱會原樣拼進 SQL。'],
  ['并报告包含这部分方差的区间。', '並報告包含這部分變異數的區間。'],
];

for (const [simplified, taiwan] of siteSentences) {
  test(`a sentence of the site: ${simplified}`, () => {
    assert.equal(convertText(simplified), taiwan);
  });
}

// The same with inline code, as the pages write it.
const siteLines = [
  ['它会写出 `BookList.h` 和 `BookList.cc`，其中声明了视图类 `BookList`。', '它會寫出 `BookList.h` 和 `BookList.cc`，其中宣告了檢視類別 `BookList`。'],
  ['如果 sid 中已经没有脚本里写的版本，`apt-get source` 会报错退出。', '如果 sid 中已經沒有指令碼裡寫的版本，`apt-get source` 會報錯退出。'],
  ['`model.json` 还可以指定一个函数，由生成的类对某一列的值调用。', '`model.json` 還可以指定一個函式，由生成的類別對某一列的值呼叫。'],
  ['这个响应是用 `newHttpResponse` 创建的，所以创建通知给了它那个头：', '這個回應是用 `newHttpResponse` 建立的，所以建立通知給了它那個標頭：'],
];

for (const [simplified, taiwan] of siteLines) {
  test(`a line of the site: ${simplified}`, () => {
    assert.equal(convertMarkdown(`${simplified}\n`), `${taiwan}\n`);
  });
}

// The navigation phrases where 返回 means going back, as the overrides file guards them.
function allowedReturnPhrases() {
  return loadOverrides().entries.filter((e) => e.decision === 'guard' && e.to.startsWith('返回')).map((e) => e.to);
}

test('the Traditional Chinese pages say 返回 nowhere outside code (only in guarded going-back phrases)', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'manifest.json'), 'utf8'));
  const dir = manifest.languages.find((l) => l.code === 'zh-TW').dir;
  const allowed = allowedReturnPhrases();
  assert.ok(allowed.includes('返回首頁'), 'no guard for 返回首页');
  const files = fs.readdirSync(path.join(repoRoot, dir)).filter((f) => f.endsWith('.md'));
  assert.ok(files.length >= 20, `only ${files.length} pages in ${dir}`);
  const found = [];
  for (const file of files) {
    const markdown = fs.readFileSync(path.join(repoRoot, dir, file), 'utf8');
    // Code spans and blocks, URLs and HTML become placeholders: what is left is prose.
    for (const { line, text } of proseLines(markdown)) {
      let rest = text;
      for (const phrase of allowed) rest = rest.replaceAll(phrase, '');
      if (rest.includes('返回')) found.push(`${dir}/${file}:${line}: ${text.replace(/[\ue000-\uf8ff]/g, '…').trim().slice(0, 80)}`);
    }
  }
  assert.deepEqual(found, []);
});

test('the check sees 返回 in prose and ignores it in code', () => {
  const prose = protectMarkdown('函式返回 `返回` 值\n```cpp\n// 返回\n```\n', { convertText: (s) => s }).text;
  assert.equal(prose.split('返回').length - 1, 1);
});
