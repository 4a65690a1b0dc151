/**
 * The HAProxy configuration in front of the app's instances (npm run cluster): round robin with no
 * stickiness (the instances keep no state), each instance's /healthz as its health check,
 * WebSockets passed through, and the client's address in X-Forwarded-For.
 */
export interface BalancerSettings {
  /** Where the balancer listens. */
  host: string;
  port: number;
  /** The instances' ports, on 127.0.0.1 (the app trusts X-Forwarded-For from a loopback proxy). */
  instancePorts: number[];
}

/** Health checks every this often; an instance is out after FALL failed checks in a row. */
const CHECK_INTERVAL_SECONDS = 1;
const FALL = 2;
const RISE = 2;
/**
 * Seconds an instance keeps serving after SIGTERM while its /healthz answers 503: the balancer
 * takes it out within FALL checks, so no request is sent to it as it closes its connections.
 */
export const TAKEN_OUT_WITHIN_SECONDS = CHECK_INTERVAL_SECONDS * FALL + 1;

export function instanceName(index: number): string {
  return `app${index + 1}`;
}

export function haproxyConfig({ host, port, instancePorts }: BalancerSettings): string {
  const bind = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  const servers = instancePorts.map(
    (instancePort, index) => `  server ${instanceName(index)} 127.0.0.1:${instancePort}`,
  );
  return `${[
    "global",
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout http-request 10s",
    // The app answers within its own limits; the server keeps idle connections 65 s, longer than this.
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-keep-alive 10s",
    // A live-notification socket is quiet between pushes; the hub pings it well within this.
    "  timeout tunnel 1h",
    "  timeout client-fin 5s",
    // A connection an instance refuses (it is stopping) is tried again on another instance at
    // once. Only refused connections: a request an instance took is never sent twice.
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure",
    "",
    "frontend www",
    `  bind ${bind}`,
    // The client's own address, replacing any X-Forwarded-For it sent (rate limits count it).
    "  http-request set-header X-Forwarded-For %[src]",
    "  http-request set-header X-Forwarded-Proto http",
    "  default_backend app",
    "",
    "backend app",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost",
    "  http-check expect status 200",
    `  default-server check inter ${CHECK_INTERVAL_SECONDS}s fall ${FALL} rise ${RISE}`,
    // Which instance answered (its name here, not its address): for operators and the cluster tests.
    "  http-response set-header X-Served-By %[srv_name]",
    ...servers,
  ].join("\n")}\n`;
}
