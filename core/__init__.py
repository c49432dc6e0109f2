"""Site-wide pages and plumbing: home, health check, language choice, the dev server."""
