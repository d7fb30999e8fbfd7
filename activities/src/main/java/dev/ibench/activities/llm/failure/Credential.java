package dev.ibench.activities.llm.failure;

/**
 * The secret a request carried (an API key), as failure messages need it: whether there was one, and its value removed
 * from server text before that text is quoted.
 */
public interface Credential {
    boolean present();

    String redact(String text);
}
