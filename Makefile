# Kártyavár: `make run` starts the site, `make test` runs every test.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test venv migrate lint format messages check-deploy clean

# The venv is rebuilt only when a requirements file changes.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(BIN)/python manage.py migrate --noinput

# serve refuses first what could only fail later (a second make run on this var/, a
# port in use, an address others reach that ALLOWED_HOSTS does not name), then
# migrates and loads the card data (--prepare), then starts: one Django start-up.
run: venv
	$(BIN)/python manage.py serve --prepare --host $(HOST) --port $(PORT)

test: venv
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Needs GNU gettext (apt-get install gettext); the compiled .mo files are committed.
messages: venv
	$(BIN)/python manage.py makemessages --locale hu --locale en --ignore '$(VENV)/*' --ignore 'var/*' --no-obsolete
	$(BIN)/python manage.py compilemessages --ignore '$(VENV)/*'

check-deploy: venv
	DEBUG=0 SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(64))') \
	ALLOWED_HOSTS=kartyavar.example $(BIN)/python manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) var
