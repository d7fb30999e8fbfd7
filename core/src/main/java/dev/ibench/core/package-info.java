/** ibench core module. */
package dev.ibench.core;
