"""Kártyavár settings, read from the environment.

With no environment set, everything runs embedded: SQLite and the Celery
filesystem broker under var/, a channel layer in its own SQLite file, DEBUG on. A
production deployment sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL
and REDIS_URL (see README and docs/deploy.md). A malformed value stops
start-up with a message naming the variable.
"""

import re
from pathlib import Path
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import StrictEnv

env = StrictEnv()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = env.path("VAR_DIR", BASE_DIR / "var")

# DEBUG defaults to on so that `make run` needs no environment. A SECRET_KEY or
# ALLOWED_HOSTS in the environment says this is a server, where a forgotten
# DEBUG=0 would silently serve debug pages over plain HTTP with insecure cookies.
if not env.is_set("DEBUG") and (env.is_set("SECRET_KEY") or env.is_set("ALLOWED_HOSTS")):
    raise ImproperlyConfigured(
        "DEBUG is not set, but SECRET_KEY or ALLOWED_HOSTS is: set DEBUG=0 for a production "
        "server (or DEBUG=1 for a development machine)."
    )
DEBUG = env.bool("DEBUG", default=True)

_DEV_SECRET_KEY = "django-insecure-dev-only-key-never-used-when-debug-is-off"  # noqa: S105
if DEBUG:
    SECRET_KEY = env.str("SECRET_KEY", default=_DEV_SECRET_KEY)
else:
    SECRET_KEY = env.str("SECRET_KEY")  # raises when unset
    if len(SECRET_KEY) < 50 or SECRET_KEY.startswith("django-insecure-"):
        raise ImproperlyConfigured(
            "SECRET_KEY must be at least 50 random characters when DEBUG is off."
        )

if DEBUG:
    ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
else:
    ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=[])
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "ALLOWED_HOSTS must list the site's host names when DEBUG is off."
        )

# The site's own address for links mailed out (a password reset), e.g.
# https://kartyavar.example. Unset, a link names the host the request came to,
# which get_host() checks against ALLOWED_HOSTS: safe while that list names
# hosts exactly. With a wildcard in it, a forged Host header would point a
# reset link at someone else's server, so a server must set SITE_URL then.
SITE_URL = env.str("SITE_URL", default="")
if SITE_URL:
    try:
        _site = urlsplit(SITE_URL)
    except ValueError:  # an unclosed "[" of an IPv6 address
        _site = urlsplit("")
    # a host (and port) as Django accepts one in a Host header (django.http.request)
    _host = re.compile(r"([a-z0-9][a-z0-9.-]*|\[[a-f0-9]*:[a-f0-9.:]+\])(:[0-9]+)?")
    if (
        _site.scheme not in {"http", "https"}
        or not _host.fullmatch(_site.netloc.lower())
        or _site.path not in {"", "/"}
        or "?" in SITE_URL
        or "#" in SITE_URL
    ):
        raise ImproperlyConfigured(
            f"SITE_URL={SITE_URL!r} is not the site's address: use http:// or https:// and "
            "a host, with no path (e.g. https://kartyavar.example)."
        )
    SITE_URL = f"{_site.scheme}://{_site.netloc.lower()}"
_wildcard_hosts = [host for host in ALLOWED_HOSTS if host == "*" or host.startswith(".")]
if _wildcard_hosts and not SITE_URL and not DEBUG:
    raise ImproperlyConfigured(
        f"ALLOWED_HOSTS has a wildcard ({', '.join(_wildcard_hosts)}), so the Host of a "
        "request cannot name the site in mailed links: set SITE_URL to the site's address "
        "(e.g. https://kartyavar.example)."
    )

CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "core.views.csrf_failure"  # says what to do, in the visitor's language

INSTALLED_APPS = [
    "daphne",  # must precede staticfiles so runserver serves ASGI
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "django_htmx",
    "channels",
    "axes",
    "csp",
    "core",
    "accounts",
    "catalog",
    "decks",
    "collection",
    "play",
    "printing",
    "tournaments",
]

MIDDLEWARE = [
    # The headers every answer carries, first: a middleware below that answers early
    # (the edge's 400 and 414, the write rate's 429) skips only what comes after it.
    # None of these reads the body, the session or the database.
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.middleware.FragmentVaryMiddleware",
    # Before anything that reads the body or touches the session or the database, and
    # before CommonMiddleware asks for the host (it refuses a host we do not serve).
    "core.middleware.RequestEdgeMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A query string or form Django will not read: our 400, DEBUG on or off. Its
    # process_view reads the form before CsrfViewMiddleware's does.
    "core.middleware.UnreadableRequestMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.middleware.PrivateNoStoreMiddleware",  # reads the user and the session
    "core.middleware.ChosenLanguageMiddleware",
    "core.middleware.MethodNotAllowedPageMiddleware",  # in the language just chosen
    "core.middleware.WriteRateMiddleware",  # counts the user: after authentication
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "core.middleware.SignInAgainMiddleware",  # reads request.htmx
    # Last, as Axes asks: it turns a lockout flagged during authenticate()
    # into our 429 page (accounts.lockout.lockout_response).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATABASES = {
    "default": env.database("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite will not create the folder its file lives in.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # The web server and the Celery worker share the file: WAL lets readers
    # run beside a writer, IMMEDIATE takes the write lock up front so two
    # writers queue instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
else:
    # One pool per process bounds the connections that process holds, however
    # many threads the ASGI server runs views in: a request borrows one for
    # its duration and gives it back, and waits (up to DB_POOL_TIMEOUT
    # seconds, then a 503-worthy error) when all are out. Persistent
    # per-thread connections (CONN_MAX_AGE) kept one open for every thread
    # the server ever used, until PostgreSQL ran out.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DB_POOL_MIN_SIZE", default=1),
        "max_size": env.int("DB_POOL_MAX_SIZE", default=8),
        "timeout": env.int("DB_POOL_TIMEOUT", default=20),
    }
    _pool = DATABASES["default"]["OPTIONS"]["pool"]
    if _pool["max_size"] < 1:
        raise ImproperlyConfigured("DB_POOL_MAX_SIZE must be at least 1.")
    if not 1 <= _pool["min_size"] <= _pool["max_size"]:
        raise ImproperlyConfigured("DB_POOL_MIN_SIZE must be from 1 to DB_POOL_MAX_SIZE.")
    if _pool["timeout"] < 1:
        raise ImproperlyConfigured("DB_POOL_TIMEOUT must be at least 1 (seconds).")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis, Celery, Channels ----------------------------------------------
REDIS_URL = env.redis_url("REDIS_URL")
CHANNEL_LAYER_DATABASE = "channel_layer"  # the database alias of the layer without Redis

if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
    CELERY_RESULT_BACKEND = REDIS_URL
    # channels-redis's pub/sub layer, whose group sends here go out on pooled
    # connections and a move's frames in one round trip (core/channel_layer.py
    # says why, with the figures). redis-py caps a pool at 100 connections and
    # fails beyond that; a server with a few hundred tables opening at once
    # needs more.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "core.channel_layer.FanOutChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, "max_connections": 1000}]},
        }
    }
else:
    _broker_dir = VAR_DIR / "broker"
    # The host is a name the transport never reads (the folders below say where the
    # messages go); without one kombu warns "No hostname was supplied" at every start.
    CELERY_BROKER_URL = "filesystem://localhost//"
    # kombu's own writes a message into a file the worker may already be reading (empty):
    # core/broker.py writes it whole, then renames it into place
    CELERY_BROKER_TRANSPORT = "core.broker:FilesystemTransport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # One folder for both directions: producer and worker share it.
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "control_folder": str(_broker_dir / "control"),
        # How long the worker sleeps between two looks at an empty queue (kombu's
        # default is a second, which a bot's every move waited half of on average).
        # A look lists one small folder; ten a second cost nothing measurable.
        "polling_interval": 0.1,
    }
    CELERY_RESULT_BACKEND = f"file://{VAR_DIR / 'celery-results'}"
    # Neither the filesystem transport nor the file result backend creates
    # its folder, and the web process or the worker may start first.
    for _folder in (_broker_dir / "queue", _broker_dir / "control", VAR_DIR / "celery-results"):
        _folder.mkdir(parents=True, exist_ok=True)
    # The web server and the Celery worker are two processes, and a bot moves
    # in the worker: its frames must reach the tables the web server holds.
    # An in-memory layer is one process's own, so the worker's frames went
    # nowhere. Without Redis the layer keeps its messages in a SQLite file of
    # its own (channels-lite; apart from the site's data, so its steady
    # polling never queues behind the site's writes), which every process on
    # this machine reads.
    DATABASES[CHANNEL_LAYER_DATABASE] = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(VAR_DIR / "channels.sqlite3"),
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        },
    }
    DATABASE_ROUTERS = ["config.db_routers.ChannelLayerRouter"]
    INSTALLED_APPS.append("channels_lite")
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_lite.layers.core.SQLiteChannelLayer",
            "CONFIG": {
                "database": CHANNEL_LAYER_DATABASE,
                # Each web process asks the file for its messages this often:
                # a bot's move is on the table well within a second.
                "polling_interval": 0.05,
                # ... while a socket of its waits, and for a minute after the last
                # one closed; then it stops asking (channels-lite keeps on for half an
                # hour by default, 3% of a core doing nothing) and the next table's
                # socket starts it again.
                "polling_idle_timeout": 60,
                "capacity": 5000,
            },
        }
    }

# A folder for the live table's per-stage timers (core.stage_times); unset, none are kept.
STAGE_TIMES_DIR = env.str("STAGE_TIMES_DIR", default="")

CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)

# CPU seconds the hard bot (play.bots.search) thinks over each move on the live
# table; it thinks in the Celery worker, so this is the worker's time per bot
# decision (tests and the e2e server set it small to keep games fast).
PLAY_SEARCH_SECONDS = env.float("SEARCH_BOT_SECONDS", default=1.0)
if not 0 < PLAY_SEARCH_SECONDS <= 60:  # a worker process is busy for this long per decision
    raise ImproperlyConfigured("SEARCH_BOT_SECONDS must be more than 0 and at most 60.")

# --- Cache ------------------------------------------------------------------
# The sign-up limit counts in the cache, so every process must see the same
# one: Redis when there is one, else files under VAR_DIR that the web server
# and the worker of `make run` share.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "cache",
        },
        # bulky and made again on demand (core/kept.py); Redis evicts by its own policy
        "kept": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "kept",
        },
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
            # Past MAX_ENTRIES a third of the files are dropped, counters
            # included: what is bulky and made again on demand (replays' states,
            # an event's rows) has a cache of its own (core/kept.py).
            "OPTIONS": {"MAX_ENTRIES": 5000},
        },
        "kept": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache-kept"),
            "OPTIONS": {"MAX_ENTRIES": 5000},
        },
    }
# django-ratelimit needs an atomic increment. Django's Redis backend has one
# (Redis INCR). The file cache's is a read then a write, which two processes
# could interleave; without Redis there is one web process (`make run`), and
# it runs every sync view on one thread (thread_sensitive under ASGI), so no
# two counts interleave. That is also why django_ratelimit is not in
# INSTALLED_APPS: it needs no app, and its system check refuses the file
# cache outright.

# --- Auth -----------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:profile"
LOGOUT_REDIRECT_URL = "core:home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so a locked-out username or address is refused before any
    # password is checked: during a lockout the right password fails too.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Brute force (django-axes, accounts/lockout.py). LIMITS["LOGIN_FAILURES"]
# failed logins (or wrong current passwords at a password change) for one
# username from one client address, or for any usernames from one address,
# lock that pair or that address out of every door that checks a password
# (form, admin, token API, password change) for LIMITS["LOGIN_COOLOFF_MINUTES"];
# the failures count while each follows the last within that time. Never the
# username alone: a stranger could then keep its owner out from anywhere.
# Refused attempts during a lockout are not counted, so it ends a cool-off
# after the failure that started it, as the 429 says. Guessing one name from
# many addresses is bounded per address (an IPv6 /64 counts as one): README,
# "Limits and security". Attempts are kept in the database, which every
# process shares, without the request data Axes would append to them
# (accounts/lockout_handler.py).
AXES_HANDLER = "accounts.lockout_handler.CountsOnlyDatabaseHandler"
AXES_FAILURE_LIMIT = "accounts.lockout.failure_limit"
AXES_COOLOFF_TIME = "accounts.lockout.cool_off"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_USERNAME_CALLABLE = "accounts.lockout.counted_username"
AXES_CLIENT_IP_CALLABLE = "accounts.client_address.lockout_address"
AXES_VERBOSE = False  # else a banner at every start of every manage.py command
# Axes would also keep every successful login with its address and browser,
# for ever: failures are what the lockout needs, and they expire by themselves.
AXES_DISABLE_ACCESS_LOG = True

# --- Email ------------------------------------------------------------------
# Password-reset mails. Embedded default: each mail is a file under
# VAR_DIR/mail (`make run` says where), so a reset works without a mail
# server. Production: EMAIL_URL (smtp+tls://user:password@host:587), or
# EMAIL_HOST with EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD and
# EMAIL_USE_TLS (docs/deploy.md).
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Kártyavár <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# A mail server that does not answer must not hold a worker for ever.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=20)
_email_url = env.email_url("EMAIL_URL")
if _email_url:
    EMAIL_BACKEND = _email_url["EMAIL_BACKEND"]
    EMAIL_HOST = _email_url["EMAIL_HOST"]
    EMAIL_PORT = _email_url["EMAIL_PORT"] or (465 if _email_url.get("EMAIL_USE_SSL") else 587)
    EMAIL_HOST_USER = _email_url["EMAIL_HOST_USER"] or ""
    EMAIL_HOST_PASSWORD = _email_url["EMAIL_HOST_PASSWORD"] or ""
    EMAIL_USE_TLS = _email_url.get("EMAIL_USE_TLS", False)
    EMAIL_USE_SSL = _email_url.get("EMAIL_USE_SSL", False)
elif env.is_set("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env.str("EMAIL_HOST")
    EMAIL_PORT = env.int("EMAIL_PORT", default=587)
    EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
    EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
    EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = VAR_DIR / "mail"

# --- Internationalisation -------------------------------------------------
LANGUAGE_CODE = "hu"
LANGUAGES = [("hu", _("Hungarian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates day-first on a 24-hour clock (config/formats/en); Hungarian keeps Django's.
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Budapest"
USE_I18N = True
USE_TZ = True

# --- Static and media -----------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = env.path("MEDIA_ROOT", VAR_DIR / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG
if DEBUG:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every request otherwise

# --- REST API ---------------------------------------------------------------
REST_FRAMEWORK = {
    # The token first: DRF takes the WWW-Authenticate scheme of a 401 from the first
    # class, and the session names none, so a wrong, replaced or absent token was a
    # 403, the answer for "not allowed", and a program could not tell that it must
    # sign in again. A browser sends no Authorization header, so its session (and
    # the CSRF check on its writes) is met as before.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 60,
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    # DRF's browsable pages (?format=api, Accept: text/html) only on a development
    # machine: in production they were a second, HTML face of every endpoint, with
    # forms, that the schema does not describe.
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        *(["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    ],
    "DEFAULT_PARSER_CLASSES": [
        "core.jsonlimits.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Kártyavár API",
    "DESCRIPTION": (
        "Cards, decks, collections, print jobs, matches and tournaments of Álomfogó, ONIROO "
        "and Arcane Guardian."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # <id:…> (core/converters.py): a database id, digits up to the largest bigint
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}},
    # two models have a field "status": each enum gets a stable name of its own
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.TournamentStatus.values",
        "ProposalStatusEnum": "collection.models.ProposalStatus",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.schema.add_error_responses",
    ],
}

# --- Security ---------------------------------------------------------------
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
if env.bool("BEHIND_TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_HTTPONLY = True  # no script reads it: the switch is a form

# The client address that login lockouts and the sign-up limit count against
# (accounts/client_address.py, used by Axes and django-ratelimit alike). 0:
# the connection's own address. Behind reverse proxies that append to
# X-Forwarded-For, how many of them there are; more than there really are
# would let a client choose its own address (docs/deploy.md).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured("TRUSTED_PROXY_COUNT must be 0 or a positive number of proxies.")
RATELIMIT_IP_META_KEY = "accounts.client_address.client_ip"


def _websocket_sources(hosts: list[str]) -> list[str]:
    """connect-src entries for the live tables' websockets to the site's own hosts.

    CSP Level 3 lets 'self' cover ws: and wss: to the page's own host; browsers
    older than that need them spelled out. Any port: `make run` and tests
    serve on one. CSP has no syntax for IPv6 literals, which 'self' covers.
    """
    sources = []
    for host in hosts:
        if host == "*":  # every host is ours
            return ["ws:", "wss:"]
        if host.startswith("["):
            continue
        names = [host[1:], f"*{host}"] if host.startswith(".") else [host]
        sources += [f"{scheme}://{name}:*" for name in names for scheme in ("ws", "wss")]
    return sources


# Content-Security-Policy (django-csp). Every script is a file of ours (the
# table scripts, htmx and its debug helper, the Swagger UI's split init
# script), JSON data rides in <script type="application/json">, and htmx may
# not eval (allowEval false in base.html), so scripts need neither
# 'unsafe-inline' nor 'unsafe-eval'. Styles keep 'unsafe-inline' for the
# Swagger UI's <style> block, htmx's indicator style, the style attributes of
# the card admin's thumbnails and the bare 500 page. Django's debug 404 and
# 500 pages go without a policy.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "connect-src": ["'self'", *_websocket_sources(ALLOWED_HOSTS)],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Permissions-Policy (django-permissions-policy): the site needs none of the
# devices and sensors a page can ask for, so no page of ours, nor anything
# injected into one, may ask. Clipboard writing keeps the browser's default
# (the table copies replay links). Only features Chromium knows: it logs an
# error for each name it does not.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "browsing-topics",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
}

# --- Limits -----------------------------------------------------------------
# Every bound on what a visitor may send or make the site do, in one place,
# each from the environment (README "Limits and security" lists them). Inputs
# are checked against these where they are parsed, before anything is built.
LIMITS = {
    # Any request
    "URL_MAX_LENGTH": env.int("LIMIT_URL_LENGTH", default=8192),
    # A request's body, refused by the server before it is read (core/server_limits.py): room
    # for the largest list a form takes (a collection CSV of 300,000 characters, 4 bytes each)
    "REQUEST_BODY_MAX_BYTES": env.int("LIMIT_REQUEST_BODY_BYTES", default=4 * 1024 * 1024),
    "JSON_MAX_DEPTH": env.int("LIMIT_JSON_DEPTH", default=32),
    # Decks
    "DECK_LIST_MAX_LINES": env.int("LIMIT_DECK_LIST_LINES", default=500),
    "DECK_LIST_MAX_CHARS": env.int("LIMIT_DECK_LIST_CHARS", default=50_000),
    "DECK_DESCRIPTION_MAX_CHARS": env.int("LIMIT_DECK_DESCRIPTION_CHARS", default=10_000),
    # each line is a <br> on the deck's page: a description is not a wall of empty lines
    "DECK_DESCRIPTION_MAX_LINES": env.int("LIMIT_DECK_DESCRIPTION_LINES", default=200),
    "DECK_MAX_ENTRIES": env.int("LIMIT_DECK_ENTRIES", default=500),
    # decks one person keeps (deleted ones aside), and the versions kept of each (the
    # oldest a match or a print job does not hold are dropped past it)
    "DECKS_PER_USER": env.int("LIMIT_DECKS_PER_USER", default=1000),
    "DECK_VERSIONS_KEPT": env.int("LIMIT_DECK_VERSIONS", default=500),
    # A collection CSV: lines naming a card, and characters (a full catalogue fits).
    "COLLECTION_CSV_MAX_LINES": env.int("LIMIT_COLLECTION_CSV_LINES", default=5000),
    "COLLECTION_CSV_MAX_CHARS": env.int("LIMIT_COLLECTION_CSV_CHARS", default=300_000),
    # Printing: one job, and what one visitor may keep
    "PRINT_MAX_CARDS": env.int("LIMIT_PRINT_CARDS", default=2000),
    "PRINT_MAX_ENTRIES": env.int("LIMIT_PRINT_ENTRIES", default=500),
    "PRINT_ACTIVE_JOBS_PER_VISITOR": env.int("LIMIT_PRINT_ACTIVE_JOBS", default=2),
    "PRINT_BYTES_PER_USER": env.int("LIMIT_PRINT_BYTES_USER", default=500 * 1024 * 1024),
    "PRINT_BYTES_PER_ANONYMOUS": env.int("LIMIT_PRINT_BYTES_ANONYMOUS", default=100 * 1024 * 1024),
    # all visitors who are not signed in, together: a new session is free, so these bound them
    "PRINT_ACTIVE_JOBS_ALL_VISITORS": env.int("LIMIT_PRINT_ACTIVE_JOBS_VISITORS", default=6),
    "PRINT_BYTES_ALL_VISITORS": env.int("LIMIT_PRINT_BYTES_VISITORS", default=1024 * 1024 * 1024),
    "PRINT_EXPIRY_HOURS_USER": env.int("LIMIT_PRINT_EXPIRY_HOURS_USER", default=7 * 24),
    "PRINT_EXPIRY_HOURS_ANONYMOUS": env.int("LIMIT_PRINT_EXPIRY_HOURS_ANONYMOUS", default=24),
    # previews of the options form's first sheet a minute, per person or address when not
    # signed in: each draws the faces not drawn yet; the form asks for one a change, 0.4 s
    # after the last, so a person trying options stays far below it
    "PREVIEWS_PER_MINUTE": env.int("LIMIT_PREVIEWS_PER_MINUTE", default=120),
    # Card faces drawn for pages, previews and prints, kept on disk (MEDIA_ROOT/faces)
    "FACE_CACHE_MAX_MB": env.int("LIMIT_FACE_CACHE_MB", default=4096),
    # Play
    "CHAT_MAX_CHARS": env.int("LIMIT_CHAT_CHARS", default=300),
    # live-table websockets one visitor (user, or address when not signed in) holds open in
    # one web process (core/socket_limits.py): tabs of matches played and watched
    "SOCKETS_PER_VISITOR": env.int("LIMIT_SOCKETS_PER_VISITOR", default=20),
    # frames a live-table socket may send a second, on average (twice as many at once):
    # a person sends a move or a chat line and waits for the answer (core/socket_limits.py)
    "SOCKET_FRAMES_PER_SECOND": env.int("LIMIT_SOCKET_FRAMES_PER_SECOND", default=20),
    # matches a person plays at once, waiting or running (a tournament's pairings aside)
    "OPEN_MATCHES_PER_USER": env.int("LIMIT_OPEN_MATCHES", default=20),
    # of those, against the hard bot (a second of a worker's CPU a decision)
    "HARD_BOTS_PER_USER": env.int("LIMIT_HARD_BOTS", default=3),
    # writes (POST, PUT, PATCH, DELETE) a minute per person or address; a table's moves aside
    "WRITES_PER_MINUTE": env.int("LIMIT_WRITES_PER_MINUTE", default=300),
    # tournaments: the field, its description, the events one organiser may have not yet finished
    "TOURNAMENT_MAX_PLAYERS": env.int("LIMIT_TOURNAMENT_PLAYERS", default=512),
    "TOURNAMENT_DESCRIPTION_MAX_CHARS": env.int("LIMIT_TOURNAMENT_DESCRIPTION_CHARS", default=2000),
    "TOURNAMENT_DESCRIPTION_MAX_LINES": env.int("LIMIT_TOURNAMENT_DESCRIPTION_LINES", default=100),
    "TOURNAMENTS_OPEN_PER_ORGANISER": env.int("LIMIT_TOURNAMENTS_OPEN", default=10),
    "SOLVER_PARALLEL_PER_USER": env.int("LIMIT_SOLVER_PARALLEL", default=1),
    # Arcane Guardian solver searches a minute, everyone's together (play/hints.py): each
    # about 0.4 s of a core, 1.5 s at most, so 30 take 12 s of a minute on average and
    # three quarters of one core at worst, whoever asks
    "SOLVER_RUNS_PER_MINUTE_SITE": env.int("LIMIT_SOLVER_RUNS_SITE", default=30),
    # Logins and sign-ups
    "LOGIN_FAILURES": env.int("LIMIT_LOGIN_FAILURES", default=5),
    "LOGIN_COOLOFF_MINUTES": env.int("LIMIT_LOGIN_COOLOFF_MINUTES", default=15),
    "SIGNUPS_PER_HOUR": env.int("LIMIT_SIGNUPS_PER_HOUR", default=5),
    # every login sent from one address, right password or not (each costs a password hash)
    "LOGINS_PER_MINUTE": env.int("LIMIT_LOGINS_PER_MINUTE", default=20),
    "PASSWORD_RESETS_PER_HOUR": env.int("LIMIT_PASSWORD_RESETS_PER_HOUR", default=5),
}
for _name, _value in LIMITS.items():
    if _value < 1:
        raise ImproperlyConfigured(f"LIMITS[{_name!r}] must be at least 1, not {_value}.")

LOG_LEVEL = env.str("LOG_LEVEL", default="INFO").upper()
if LOG_LEVEL not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
    raise ImproperlyConfigured("LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR or CRITICAL.")


def _routine_of_periodic_tasks():
    """A logging filter that drops the INFO lines of the tasks beat sends (config/celery.py).

    Two of them run every minute, and each run was three lines (sent, received,
    succeeded): six a minute on an idle `make run`. What they find wrong they log
    as warnings or errors, which pass, and so do the lines of every other task (a
    print job, a bot's move).
    """
    import logging

    def keep(record) -> bool:
        if record.levelno > logging.INFO:
            return True
        from config.celery import app  # loaded long before a task's line is logged

        message = record.getMessage()
        return not any(
            f"{entry['task']}[" in message or f"({entry['task']})" in message
            for entry in app.conf.beat_schedule.values()
        )

    return keep


def _a_refusal_in_one_line():
    """A logging filter: a request Django refused to read, one WARNING line without traceback.

    core.middleware answers these (refused_unreadable) and logs them so; where Django
    answers one itself (SecurityMiddleware's HTTPS redirect asks for the host before
    any middleware of ours runs) it logs an ERROR with the whole chained traceback in
    django.security, kilobytes for a visitor's mistake or a scanner's probe.
    """
    import logging

    def one_line(record) -> bool:
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info = record.exc_text = record.stack_info = None
        return True

    return one_line


# The django.security loggers of the requests Django refuses to read (a logger's filter
# does not apply to its children's records, so each is named).
_refused_request_loggers = tuple(
    f"django.security.{name}"
    for name in (
        "DisallowedHost",
        "RequestDataTooBig",
        "TooManyFieldsSent",
        "TooManyFilesSent",
        "SuspiciousMultipartForm",
    )
)
_celery_task_loggers = ("celery.beat", "celery.worker.strategy", "celery.app.trace")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's own "django" logger prints to the console too while DEBUG is on, and passes
    # each record on to the root's: every warning twice under `make run`. Ours only.
    "filters": {
        "periodic_routine": {"()": _routine_of_periodic_tasks},
        "one_line": {"()": _a_refusal_in_one_line},
    },
    "loggers": {
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        # Axes logs every login, logout and failure at INFO (AXES_VERBOSE does not
        # cover those): four lines a sign-in. A lockout is a warning and still shows.
        "axes": {"level": "WARNING"},
        # LOG_LEVEL=DEBUG shows the periodic tasks' routine too.
        **{
            name: {"filters": ["periodic_routine"] if LOG_LEVEL != "DEBUG" else []}
            for name in _celery_task_loggers
        },
        **{name: {"filters": ["one_line"]} for name in _refused_request_loggers},
    },
}
