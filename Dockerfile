# The Ramsch bot: `docker build -t ramsch-bot .` then see docs/discord.md ("Running in Docker").
# Reproducible: the dependencies come from requirements.lock (exact versions, hashes checked);
# only the bot's own wheel is built here.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY ramsch_core ./ramsch_core
COPY bot ./bot
RUN pip install --no-cache-dir --disable-pip-version-check build \
    && python -m build --wheel --outdir /wheels .

FROM python:3.11-slim
# The commit the image is built from, for `/ramsch about` and the start's log line:
# docker build --build-arg RAMSCH_COMMIT=$(git rev-parse HEAD) -t ramsch-bot .
ARG RAMSCH_COMMIT=""
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    RAMSCH_COMMIT=${RAMSCH_COMMIT} \
    RAMSCH_DB=/data/ramsch.sqlite3 \
    RAMSCH_HEALTH_FILE=/tmp/ramsch-health.json
COPY requirements.lock /tmp/requirements.lock
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --disable-pip-version-check --require-hashes \
        -r /tmp/requirements.lock \
    && pip install --no-cache-dir --disable-pip-version-check --no-deps /wheels/*.whl \
    && rm -rf /wheels /tmp/requirements.lock \
    && useradd --system --create-home --uid 10001 ramsch \
    && mkdir -p /data \
    && chown ramsch:ramsch /data
COPY LICENSE /usr/share/doc/ramsch-bot/LICENSE
# The bot runs as uid 10001: a bind-mounted host directory must be writable by it
# (docs/discord.md, "Running in Docker").
USER ramsch
WORKDIR /data
VOLUME ["/data"]
# Healthy = connected to Discord, with a heartbeat younger than 90 s (bot/health.py).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.health"]
# SIGTERM (docker stop) closes the bot cleanly: pending messages are shown, the database closed.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
