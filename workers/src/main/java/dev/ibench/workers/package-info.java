/** ibench workers module. */
package dev.ibench.workers;
