/**
 * ReACT agent step logic (seed 000 section 4.3, appendix G.1, H.1.2), pure: parsing a model turn, rendering
 * the previous steps into the prompt, the trajectory records and the outcome classification. The durable
 * loop lives in {@code dev.ibench.workflows.react}; the side effects in {@code dev.ibench.activities.react}.
 */
package dev.ibench.core.react;
