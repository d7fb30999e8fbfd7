#!/bin/sh
# Runs once, when the postgres image initialises an empty data directory: the ibench results database.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres <<SQL
CREATE ROLE ibench LOGIN PASSWORD '${IBENCH_STORE_PASSWORD}';
CREATE DATABASE ibench OWNER ibench;
SQL
