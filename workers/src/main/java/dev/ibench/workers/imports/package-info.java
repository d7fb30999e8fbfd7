/** What the {@code ibench import} commands do once their options are parsed: read another suite's files, write an eval set and its import report. */
package dev.ibench.workers.imports;
