package dev.ibench.core.tools;

/** Where a parameter's allowed values come from: anything, the sample's key names, or a fixed list. */
public enum ValueSource {
    FREE, KEY_NAMES, FIXED
}
