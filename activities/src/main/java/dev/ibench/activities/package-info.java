/** ibench activities module. */
package dev.ibench.activities;
