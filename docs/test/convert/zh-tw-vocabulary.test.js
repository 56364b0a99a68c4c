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
const { convertText } = require('../../src/convert/zh-tw');
const { protectMarkdown } = require('../../src/convert/markdown-protect');
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
    const { text } = protectMarkdown(markdown, { convertText: (s) => s });
    text.split('\n').forEach((line, i) => {
      let rest = line;
      for (const phrase of allowed) rest = rest.replaceAll(phrase, '');
      if (rest.includes('返回')) found.push(`${dir}/${file}:${i + 1}: ${line.replace(/[\ue000-\uf8ff]/g, '…').trim().slice(0, 80)}`);
    });
  }
  assert.deepEqual(found, []);
});

test('the check sees 返回 in prose and ignores it in code', () => {
  const prose = protectMarkdown('函式返回 `返回` 值\n```cpp\n// 返回\n```\n', { convertText: (s) => s }).text;
  assert.equal(prose.split('返回').length - 1, 1);
});
