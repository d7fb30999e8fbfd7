package dev.ibench.core.campaign;

/** A campaign file that cannot be used, with a message naming the file and the offending field. */
public final class CampaignSpecException extends RuntimeException {
    public CampaignSpecException(String message) {
        super(message);
    }

    public CampaignSpecException(String message, Throwable cause) {
        super(message, cause);
    }
}
