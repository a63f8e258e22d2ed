#!/bin/sh
# Checks the Prometheus configuration and alert rules (promtool: Debian's `prometheus` package).
set -e
cd "$(dirname "$0")"
promtool check config --syntax-only prometheus.yml
promtool check rules alerts.yml
