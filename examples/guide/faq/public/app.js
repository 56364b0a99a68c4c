// The application's own router would read location.pathname here (/books/42, ...).
document.getElementById('app').dataset.path = location.pathname;
