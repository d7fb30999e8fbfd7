package dev.ibench.activities.llm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads the bundled seed ICL file, a source of real SLOT samples that does not depend on built eval sets. */
final class IclExamplesResource {
    private IclExamplesResource() {}

    static String slotFile() throws IOException {
        try (InputStream in = IclExamplesResource.class.getClassLoader().getResourceAsStream("icl/examples_icl_slot_filling.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
