# The Ramsch bot: `docker build -t ramsch-bot .` then see docs/discord.md ("Running in Docker").
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY ramsch_core ./ramsch_core
COPY bot ./bot
RUN pip install --no-cache-dir --disable-pip-version-check build \
    && python -m build --wheel --outdir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    RAMSCH_DB=/data/ramsch.sqlite3
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --disable-pip-version-check /wheels/*.whl \
    && rm -rf /wheels \
    && useradd --system --create-home --uid 10001 ramsch \
    && mkdir -p /data \
    && chown ramsch:ramsch /data
USER ramsch
WORKDIR /data
VOLUME ["/data"]
# SIGTERM (docker stop) closes the bot cleanly: pending messages are shown, the database closed.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
