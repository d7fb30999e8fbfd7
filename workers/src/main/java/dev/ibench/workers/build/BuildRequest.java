package dev.ibench.workers.build;

import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.tools.ToolStyle;
import dev.ibench.workers.restgen.RestBuild;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What {@code ibench build} was asked for, checked: the SLOT/SEL part as {@link BuildOptions}, the REST part (null when
 * {@code rest} is not among the styles), whether to log unverified questions and whether to publish artifacts.
 */
public record BuildRequest(BuildOptions options, RestBuild rest, boolean verbose, boolean publish) {
    /** Every value {@code --style} takes. */
    public static final List<String> STYLES = List.of("slot", "sel", "rest");

    /**
     * @param dbs     comma-separated database ids, or {@code all}
     * @param styles  comma-separated styles of {@link #STYLES}
     * @param rest    the REST settings, used only when {@code styles} names rest
     * @throws BuildInputException naming the option and the valid values
     */
    public static BuildRequest of(String source, Path root, String dbs, String styles, String mode, Path out, Path dataRoot,
                                  java.util.function.Supplier<RestBuild> rest, boolean verbose, boolean publish) {
        List<ToolStyle> toolStyles = new ArrayList<>();
        boolean withRest = false;
        for (String s : styles.split(",")) {
            String style = s.trim().toLowerCase(Locale.ROOT);
            if (style.isEmpty()) {
                continue;
            }
            if (!STYLES.contains(style)) {
                throw new BuildInputException("unknown style '" + s.trim() + "' (expected " + String.join(", ", STYLES) + ")");
            }
            if (style.equals("rest")) {
                withRest = true; // built by the REST generation workflows
            } else {
                toolStyles.add(ToolStyle.parse(style));
            }
        }
        if (toolStyles.isEmpty() && !withRest) {
            throw new BuildInputException("--style names no style (expected " + String.join(", ", STYLES) + ")");
        }
        BuildMode buildMode;
        try {
            buildMode = BuildMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new BuildInputException("unknown mode '" + mode + "' (expected paper or extended)");
        }
        if (!source.equalsIgnoreCase("bird") && !source.equalsIgnoreCase("spider")) {
            throw new BuildInputException("unknown source '" + source + "' (expected bird or spider)");
        }
        List<String> ids = dbs.equalsIgnoreCase("all") ? List.of()
                : Arrays.stream(dbs.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        Path parent = root.normalize().getParent();
        Path base = dataRoot != null ? dataRoot : parent != null ? parent : Path.of(".");
        RestBuild restBuild = null;
        if (withRest) {
            try {
                restBuild = rest.get();
            } catch (IllegalArgumentException e) {
                throw new BuildInputException(e.getMessage());
            }
        }
        return new BuildRequest(new BuildOptions(source.toLowerCase(Locale.ROOT), root, ids, toolStyles, buildMode, out, base),
                restBuild, verbose, publish);
    }

    public String modeName() {
        return options.mode().name().toLowerCase(Locale.ROOT);
    }
}
