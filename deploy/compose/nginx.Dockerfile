# nginx from Debian, in front of the app replicas; runs as an unprivileged user.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/*
COPY nginx.conf /etc/nginx/nginx.conf
RUN nginx -t
USER www-data
EXPOSE 8080
CMD ["nginx", "-g", "daemon off;"]
