/** ibench workflows module. */
package dev.ibench.workflows;
