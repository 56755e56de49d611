// The rider's lean page (decision 0053) starts its first read of the job here, while its main
// script is still on its way: on a phone network that saves one round trip before the job
// shows. Only a job link that carries the phone and the key is read early; the page's first GET
// of the same address with the same headers takes this answer over (@escrow/ui/api/request-json
// takeEarlyGet), and any difference simply reads again.
(function () {
  var match = /^\/rider\/([^/]+)\/?$/.exec(location.pathname);
  var params = new URLSearchParams(location.search);
  var phone = (params.get('phone') || '').trim();
  var key = (params.get('key') || '').trim();
  if (!match || !phone || !key || typeof fetch !== 'function') return;
  var path = '/api/rider/orders/' + encodeURIComponent(decodeURIComponent(match[1]));
  // As rider-api.ts and requestJson send them.
  var headers = { 'X-Rider-Phone': phone, 'X-Rider-Key': key, Accept: 'application/json' };
  var gets = (window.__escrowEarlyGets = window.__escrowEarlyGets || {});
  gets[path] = { headers: headers, response: fetch(path, { method: 'GET', headers: headers, credentials: 'same-origin', cache: 'no-store' }) };
})();
