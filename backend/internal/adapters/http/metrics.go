package http

import (
	"strconv"
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

func (m *metrics) handler() echo.HandlerFunc {
	return echo.WrapHandler(promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry}))
}
