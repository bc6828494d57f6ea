package http

import (
	"crypto/subtle"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics counts requests by route template (not raw path, so ids do not
// explode the series) and serves them at /metrics.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "console_http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "console_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
	}
	m.registry.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		status := c.Response().Status
		if err != nil {
			status, _ = answerFor(err)
		}
		route := c.Path()
		if route == "" {
			route = "unmatched"
		}
		m.requests.WithLabelValues(c.Request().Method, route, strconv.Itoa(status)).Inc()
		m.duration.WithLabelValues(c.Request().Method, route).Observe(time.Since(start).Seconds())
		return err
	}
}

// handler serves the metrics to a scraper with the token (METRICS_TOKEN,
// `Authorization: Bearer …`); without a configured token, only to a local
// scraper talking to the process directly — a request relayed by a proxy
// (X-Forwarded-For) or from another host is refused, so the reverse proxy
// never exposes them by accident.
func (m *metrics) handler(token string) echo.HandlerFunc {
	serve := echo.WrapHandler(promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry}))
	return func(c echo.Context) error {
		r := c.Request()
		if token != "" {
			got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				return c.String(http.StatusUnauthorized, "metrics: a bearer token is required\n")
			}
			return serve(c)
		}
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		peer, err := netip.ParseAddr(host)
		if err != nil || !peer.Unmap().IsLoopback() || r.Header.Get("X-Forwarded-For") != "" {
			return c.String(http.StatusForbidden, "metrics: only a local scraper, or one with METRICS_TOKEN\n")
		}
		return serve(c)
	}
}
