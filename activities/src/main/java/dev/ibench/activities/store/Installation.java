package dev.ibench.activities.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The installation a results store belongs to (table {@code installation}, created with a random id by migration
 * V5_3_1): its id names the installation's own Temporal task queues, so two installations on one Temporal server
 * never take each other's work, and workers on many machines that share the store share the queues.
 * {@code legacyQueues}: the store held campaigns before it had an id, whose workflows may still run on the shared
 * queues of before; its workers poll those too.
 */
public record Installation(String id, boolean legacyQueues) {
    public Installation {
        if (id == null || !id.matches("[a-z0-9]+")) {
            throw new IllegalArgumentException("installation id must be lower-case letters and digits: " + id);
        }
    }

    /** The installation of {@code database} (opened and migrated). */
    public static Installation of(ResultsDatabase database) {
        try (Connection c = database.readConnection();
             PreparedStatement s = c.prepareStatement("SELECT installation_id, legacy_queues FROM installation");
             ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
                throw new ResultsStoreException(database.description() + ": has no installation id (table installation is empty)");
            }
            return new Installation(rs.getString(1), rs.getInt(2) != 0);
        } catch (SQLException e) {
            throw new ResultsStoreException(database.description() + ": cannot read its installation id: " + e.getMessage(), e);
        }
    }
}
