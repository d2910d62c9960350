<?php
// The game backend's stand-in for tests: `php -n -S 127.0.0.1:PORT router.php` (testing/php-backend/php-server.ts).
// It reads each request as the real backend behind nginx would (nginx's path handling, ThinkPHP's routing and
// its merge of the request's fields), answers the three calls, and records what PHP read in the file named by
// PHP_BACKEND_READINGS; `GET /__readings` returns the readings so far and clears them.
//
// `-n` loads no php.ini: variables_order is "EGPCS" and request_order is empty, so $_REQUEST is built from
// variables_order's G, P and C in that order: cookies are in $_REQUEST and win over POST, which wins over GET.
// (Debian's php.ini-production sets request_order "GP", which leaves cookies out: the tests pin what -n does.)
// Nothing here writes to stderr, and the starter passes -q, so PHP logs no request line (no password).

const CALLS = ['checkuser', 'checktel', 'reg'];

/**
 * The path as nginx hands it on (ngx_http_parse_complex_uri, merge_slashes on): cut at `?` or `#`, decoded
 * once (`%252e` stays `%2e`; `+` is no space in a path), slashes merged, `.` and `..` resolved. nginx answers
 * 400 to a malformed `%`, a decoded NUL, and a `..` above the root. A backslash is an ordinary byte on Linux.
 */
function nginxPath(string $target): array
{
    $raw = preg_split('/[?#]/', $target, 2)[0];
    if (preg_match('/%(?![0-9A-Fa-f]{2})/', $raw)) return [null, 'malformed percent-encoding'];
    $decoded = rawurldecode($raw);
    if (str_contains($decoded, "\0")) return [null, 'NUL in the path'];
    $segments = [];
    foreach (explode('/', $decoded) as $segment) {
        if ($segment === '' || $segment === '.') continue;
        if ($segment === '..') {
            if (!$segments) return [null, 'dot segment above the root'];
            array_pop($segments);
            continue;
        }
        $segments[] = $segment;
    }
    $trailing = $segments && preg_match('#/(\.\.?)?$#', $decoded) ? '/' : '';
    return ['/' . implode('/', $segments) . $trailing, null];
}

/**
 * ThinkPHP 5's default routing of a PATH_INFO (Request::path(), Route::parseUrl(), parseUrlParams()): the
 * `.html` suffix stripped (url_html_suffix, case-insensitive), outer slashes trimmed, module/controller/action,
 * then name/value pairs (`/code/EVIL` -> code=EVIL, the later pair wins, values through strip_tags). Module
 * and action are lowercased and url_convert lowercases the controller, so every spelling's case routes alike.
 * A `?` in the decoded path (from `%3F`) splits it as parse_url() would; its query is counted as path
 * parameters too, which reads more than ThinkPHP may: the differential test then errs on the strict side.
 */
function thinkRoute(string $pathinfo): array
{
    $path = trim(preg_replace('/\.html$/i', '', ltrim($pathinfo, '/')), '/');
    $params = [];
    if (($question = strpos($path, '?')) !== false) {
        parse_str(substr($path, $question + 1), $params);
        $path = trim(substr($path, 0, $question), '/');
    }
    $parts = explode('/', $path);
    [$module, $controller, $action] = array_map('strtolower', array_pad(array_slice($parts, 0, 3), 3, ''));
    preg_replace_callback('/(\w+)\|([^\|]+)/', function ($match) use (&$params) {
        $params[$match[1]] = strip_tags($match[2]);
        return '';
    }, implode('|', array_slice($parts, 3)));
    $call = $module === 'api' && $controller === 'index' && in_array($action, CALLS, true) ? $action : null;
    return ['module' => $module, 'controller' => $controller, 'action' => $action, 'call' => $call, 'params' => $params];
}

/**
 * The body ThinkPHP 5.1 reads as the POST fields (Request::post(): `$_POST ?: getInputData(php://input)`):
 * JSON when the content type names application/json or the body starts with `{"`, else a form when an `=`
 * comes after the first byte, else nothing.
 */
function thinkPost(string $raw, string $contentType): array
{
    if ($_POST) return $_POST;
    if (str_contains($contentType, 'application/json') || str_starts_with($raw, '{"')) return (array) json_decode($raw, true);
    if (strpos($raw, '=')) {
        parse_str($raw, $data);
        return $data;
    }
    return [];
}

/**
 * The call's fields as the backend reads them: ThinkPHP's `input('name')` / `$this->request->param()`.
 * ThinkPHP 5.1's think\Request::param() (top-think/framework, library/think/Request.php) does
 * `array_merge($this->param, $this->get(false), $vars, $this->route(false))`, where $vars are the POST fields
 * for a POST; its manual (请求变量, "获取优先级顺序") says: 路由变量 > 当前请求变量($_POST变量) > $_GET变量 —
 * path parameters win over the body, which wins over the query. ThinkPHP's `s` query parameter (var_pathinfo)
 * replaces PATH_INFO and leaves $_GET. Cookies are not among the sources.
 */
function thinkParam(array $get, array $post, array $route): array
{
    return array_merge($get, $_SERVER['REQUEST_METHOD'] === 'POST' ? $post : [], $route);
}

function answer(int $status, array $body): void
{
    http_response_code($status);
    header('Content-Type: application/json; charset=utf-8');
    echo json_encode($body, JSON_UNESCAPED_UNICODE);
}

function takeReadings(string $file): void
{
    $handle = fopen($file, 'c+');
    flock($handle, LOCK_EX);
    $lines = stream_get_contents($handle);
    ftruncate($handle, 0);
    flock($handle, LOCK_UN);
    fclose($handle);
    header('Content-Type: application/json');
    echo '[' . implode(',', array_filter(explode("\n", $lines))) . ']';
}

$readings = getenv('PHP_BACKEND_READINGS');
$target = $_SERVER['REQUEST_URI'];
if ($target === '/__readings' && $_SERVER['REQUEST_METHOD'] === 'GET') {
    takeReadings($readings);
    return;
}

$raw = file_get_contents('php://input');
$contentType = trim(explode(';', $_SERVER['CONTENT_TYPE'] ?? '')[0]);
[$path, $pathError] = nginxPath($target);
$get = $_GET;
$pathinfo = $path;
if (isset($get['s']) && is_string($get['s'])) {
    $pathinfo = $get['s'];
    unset($get['s']);
}
$route = $pathError === null ? thinkRoute($pathinfo) : null;
$status = $pathError !== null ? 400 : ($route['call'] !== null ? 200 : 404);

$reading = [
    'method' => $_SERVER['REQUEST_METHOD'],
    'requestUri' => $target,
    'queryString' => $_SERVER['QUERY_STRING'] ?? null,
    'path' => $path,
    'pathError' => $pathError,
    'pathinfo' => $pathError === null ? $pathinfo : null,
    'route' => $route === null ? null : array_diff_key($route, ['params' => 0]),
    'call' => $route['call'] ?? null,
    'pathParams' => (object) ($route['params'] ?? []),
    'get' => (object) $_GET,
    'post' => (object) $_POST,
    'cookie' => (object) $_COOKIE,
    'request' => (object) $_REQUEST,
    'contentType' => $contentType === '' ? null : $contentType,
    'rawBody' => $raw,
    'json' => json_decode($raw, true),
    'param' => (object) thinkParam($get, thinkPost($raw, $contentType), $route['params'] ?? []),
    'status' => $status,
    'invalidUtf8' => false,
];
$line = json_encode($reading, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
if ($line === false) {
    // Bytes that are not UTF-8 become U+FFFD; the flag says the reading is not byte for byte.
    $reading['invalidUtf8'] = true;
    $line = json_encode($reading, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE);
}
file_put_contents($readings, $line . "\n", FILE_APPEND | LOCK_EX);

if ($status === 400) answer(400, ['status' => 'n', 'info' => 'bad request']);
elseif ($status === 404) answer(404, ['status' => 'n', 'info' => 'not found']);
else answer(200, ['status' => 'y', 'info' => 'ok']);
