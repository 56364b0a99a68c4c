// Held-out sentences for the Taiwan term families of issue 32 (origin, class, row lock, handler,
// settings, flag, 了, 里, reference, header, inner join, development package, default handler, CORS),
// written before the converter's rules for them: each uses a family in a context
// that no page and no example of docs/glossary.json or docs/zh-tw-overrides.json has, and the
// "words kept" rows use the same characters inside other words, which the rules must leave alone.
// Whole sentences must come out exactly as a Taiwanese programmer writes them.
// Score when written (the converter before this branch): 15 of 46, the passes being mostly the "words kept" rows;
// 43 of 46 with the first version of the rules, 46 of 46 once the three general causes it exposed were fixed
// (OpenCC's 被复 phrase, a 同源 guard taking 不同源, a guard taking the 用 of 指引用户).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { convertText, convertMarkdown } = require('../../src/convert/zh-tw');

// [family, Simplified, Taiwan]
const heldOut = [
  ['origin', '浏览器会把页面所在的源写进 Origin 请求头。', '瀏覽器會把頁面所在的來源寫進 Origin 請求標頭。'],
  ['origin', '服务器只接受列表中的源，其他源的请求会被拒绝。', '伺服器只接受列表中的來源，其他來源的請求會被拒絕。'],
  ['origin', '跨域资源共享让不同源的页面也能读取接口返回的数据。', '跨來源資源共用讓不同來源的頁面也能讀取介面傳回的資料。'],
  ['origin', '预检请求由浏览器自动发送，它检查目标源是否允许这个方法。', '預檢請求由瀏覽器自動傳送，它檢查目標來源是否允許這個方法。'],
  ['origin', '同源策略禁止脚本读取另一个源的响应。', '同源政策禁止指令碼讀取另一個來源的回應。'],
  ['origin: words kept', '这个开源项目的源码里有一份资源清单。', '這個開源專案的原始碼裡有一份資源清單。'],
  ['origin: words kept', '请从可信的来源下载源代码，再切换到电源模式。', '請從可信的來源下載原始碼，再切換到電源模式。'],
  ['class', '每个控制器都是一个类，Drogon 在启动时为它创建对象。', '每個控制器都是一個類別，Drogon 在啟動時為它建立物件。'],
  ['class', '把这些函数声明为类的静态成员。', '把這些函式宣告為類別的靜態成員。'],
  ['class', '生成的类放在 models 目录中，类名和表名相同。', '生成的類別放在 models 目錄中，類別名和表名相同。'],
  ['class: words kept', '这类错误按类型分类，类似的情况见下文。', '這類錯誤按型別分類，類似的情況見下文。'],
  ['class: words kept', '人类读者看到的是分类后的结果，依此类推。', '人類讀者看到的是分類後的結果，依此類推。'],
  ['row lock', '事务里的 SELECT 语句会加行锁。', '交易裡的 SELECT 陳述式會加資料列鎖定。'],
  ['row lock', '行锁只在事务提交或回滚时释放。', '資料列鎖定只在交易提交或回復時釋放。'],
  ['row lock: words kept', '执行锁定操作之前先检查连接。', '執行鎖定操作之前先檢查連線。'],
  ['handler', '为 SIGTERM 注册一个信号处理程序。', '為 SIGTERM 註冊一個訊號處理常式。'],
  ['handler', '没有匹配的路由时，请求交给默认处理程序。', '沒有匹配的路由時，請求交給預設處理常式。'],
  ['handler', '事件处理程序在 I/O 线程上运行。', '事件處理常式在 I/O 執行緒上執行。'],
  ['settings', '只设置一个环境变量就够了。', '只設定一個環境變數就夠了。'],
  ['settings', '你可以在配置文件里设置线程数。', '你可以在設定檔裡設定執行緒數。'],
  ['settings', '重新设置超时时间后，旧的连接不受影响。', '重新設定逾時時間後，舊的連線不受影響。'],
  ['flag', '编译时加上 -O2 标志。', '編譯時加上 -O2 旗標。'],
  ['flag', '处理函数检查这个标志，决定是否继续。', '處理函式檢查這個旗標，決定是否繼續。'],
  ['flag: word kept', '这个版本的发布标志着新接口的稳定。', '這個版本的發布標誌著新介面的穩定。'],
  ['了 after a verb', '头文件里声明了三个函数。', '標頭檔裡宣告了三個函式。'],
  ['了 after a verb', '日志写明了出错的位置。', '日誌寫明了出錯的位置。'],
  ['了 after a verb', '解析器完成了解析之后返回结果。', '解析器完成了解析之後傳回結果。'],
  ['了 after a verb', '测试结果说明了缓存的作用，一目了然。', '測試結果說明了快取的作用，一目瞭然。'],
  ['里 (in)', '把命令写进脚本里，再在终端里运行。', '把命令寫進指令碼裡，再在終端機裡執行。'],
  ['里 (in)', '参数里的值会被复制到函数里。', '參數裡的值會被複製到函式裡。'],
  ['里 (in): word kept', '服务器离用户有两千公里，延迟在所难免。', '伺服器離使用者有兩千公里，延遲在所難免。'],
  ['reference', '按引用传递参数可以避免复制。', '按參考傳遞參數可以避免複製。'],
  ['reference', '不要返回局部变量的引用。', '不要傳回區域變數的參考。'],
  ['reference: words kept', '索引用于加快查询，也能指引用户找到数据。', '索引用於加快查詢，也能指引使用者找到資料。'],
  ['header', '处理函数在响应里加了一个 X-Request-Id 头。', '處理函式在回應裡加了一個 X-Request-Id 標頭。'],
  ['header', '客户端没有发送 Accept-Encoding 头时，服务器不压缩。', '用戶端沒有傳送 Accept-Encoding 標頭時，伺服器不壓縮。'],
  ['header', '每个请求都带有这个头，它的值是一个随机数。', '每個請求都帶有這個標頭，它的值是一個隨機數。'],
  ['header: words kept', '从头开始读这一章，开头有一张图。', '從頭開始讀這一章，開頭有一張圖。'],
  ['inner join', '用内连接把书和作者两张表连起来。', '用內部聯結把書和作者兩張表連起來。'],
  ['inner join', '内连接和左连接的区别在于没有匹配时的结果。', '內部聯結和左聯結的區別在於沒有匹配時的結果。'],
  ['inner join: words kept', '客户端在三秒内连接到服务器。', '用戶端在三秒內連線到伺服器。'],
  ['development package', '先安装 OpenSSL 的开发包。', '先安裝 OpenSSL 的開發套件。'],
  ['development package', '缺少 zlib 开发包时，CMake 会报错。', '缺少 zlib 開發套件時，CMake 會報錯。'],
  ['default handler', '默认处理程序返回 404。', '預設處理常式傳回 404。'],
  ['CORS', '本章介绍跨域资源共享（CORS）。', '本章介紹跨來源資源共用（CORS）。'],
];

for (const [family, simplified, taiwan] of heldOut) {
  test(`held out (${family}): ${simplified}`, () => {
    assert.equal(convertText(simplified), taiwan);
  });
}

// A second held-out set, written after the rules for the families were in place and run once, to
// measure how far the rules carry beyond the sentences above (whose failures did shape three rules:
// 被复制, 不同源, 指引用户). Score when first run: 35 of 35 (the converter of main: 14 of 35).
const heldOutSecond = [
  ['origin', '中间件先检查请求的源是否在允许列表里。', '中介軟體先檢查請求的來源是否在允許列表裡。'],
  ['origin', '每个源各有一份缓存，互不影响。', '每個來源各有一份快取，互不影響。'],
  ['origin', '跨域请求失败时，浏览器控制台会给出原因。', '跨來源請求失敗時，瀏覽器控制台會給出原因。'],
  ['origin: words kept', '下载资源之前先确认它的来源和源码许可证。', '下載資源之前先確認它的來源和原始碼許可證。'],
  ['origin: words kept', '能源和电源的问题不归这个框架管。', '能源和電源的問題不歸這個框架管。'],
  ['class', '这个类只有一个公有方法。', '這個類別只有一個公有方法。'],
  ['class', '在类的构造函数里注册路径。', '在類別的建構函式裡註冊路徑。'],
  ['class', '把辅助类放在匿名命名空间中。', '把輔助類別放在匿名命名空間中。'],
  ['class: words kept', '这一类请求不需要会话，依此类推。', '這一類請求不需要工作階段，依此類推。'],
  ['class: words kept', '每种类型都有自己的分类规则。', '每種型別都有自己的分類規則。'],
  ['row lock', '两个事务争用同一条记录的行锁时，后来的那个会等待。', '兩個交易爭用同一條記錄的資料列鎖定時，後來的那個會等待。'],
  ['row lock: words kept', '程序会先执行锁定，再进行锁的释放。', '程式會先執行鎖定，再進行鎖的釋放。'],
  ['handler', '异常处理程序把错误写进日志。', '例外處理常式把錯誤寫進日誌。'],
  ['handler', '你可以替换默认处理程序。', '你可以替換預設處理常式。'],
  ['settings', '这些设置只对当前进程有效。', '這些設定只對目前行程有效。'],
  ['settings', '先设置好日志级别再启动。', '先設定好日誌等級再啟動。'],
  ['flag', '这个标志表示请求已经处理完毕。', '這個旗標表示請求已經處理完畢。'],
  ['flag', '连接关闭后，标志被清除。', '連線關閉後，旗標被清除。'],
  ['了', '代码注释里标明了每个参数的含义。', '程式碼註解裡標明了每個參數的含義。'],
  ['了', '测试证明了这个方案可行。', '測試證明了這個方案可行。'],
  ['了', '服务器用了解压缩后的数据。', '伺服器用了解壓縮後的資料。'],
  ['了', '这段代码简单明了。', '這段程式碼簡單明瞭。'],
  ['里', '错误信息写在响应体里。', '錯誤訊息寫在回應主體裡。'],
  ['里', '在回调里不要阻塞线程。', '在回呼裡不要阻塞執行緒。'],
  ['里', '每个版本里都有这个选项。', '每個版本裡都有這個選項。'],
  ['reference', '这个函数返回一个常量引用。', '這個函式傳回一個常數參考。'],
  ['reference', 'lambda 按引用捕获了局部变量。', 'lambda 按參考捕捉了區域變數。'],
  ['header', 'Drogon 会自动加上 Date 头。', 'Drogon 會自動加上 Date 標頭。'],
  ['header', '把这个头的值设为 no-cache。', '把這個標頭的值設為 no-cache。'],
  ['header: words kept', '回头再看这个例子，开头的注释解释了一切。', '回頭再看這個例子，開頭的註解解釋了一切。'],
  ['inner join', '这次查询用的是内连接。', '這次查詢用的是內部聯結。'],
  ['inner join: words kept', '服务器在一分钟内连接了三次数据库。', '伺服器在一分鐘內連線了三次資料庫。'],
  ['development package', '缺少开发包是编译失败最常见的原因。', '缺少開發套件是編譯失敗最常見的原因。'],
  ['default handler', '默认处理程序什么也不做。', '預設處理常式什麼也不做。'],
  ['CORS', '跨域资源共享由浏览器执行。', '跨來源資源共用由瀏覽器執行。'],
];

for (const [family, simplified, taiwan] of heldOutSecond) {
  test(`held out, second set (${family}): ${simplified}`, () => {
    assert.equal(convertText(simplified), taiwan);
  });
}

test('held out (header after inline code, as a page writes it)', () => {
  assert.equal(
    convertMarkdown('客户端没有发送 `Accept-Encoding` 头时，服务器不压缩。\n'),
    '用戶端沒有傳送 `Accept-Encoding` 標頭時，伺服器不壓縮。\n',
  );
});
