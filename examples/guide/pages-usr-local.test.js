// Every guide page (the tutorial steps' pages among them), followed word for word with Drogon installed into /usr/local (`bash build-drogon.sh`,
// the Installation page's default; the setup's step 7 installs it into a folder the page runner's
// machines show as /usr/local), by the page runner (page-runner/run-page.js).
'use strict';
const { followEveryPage } = require('./page-runner/follow-pages');

followEveryPage('usr-local');
