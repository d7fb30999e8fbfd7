package dev.ibench.core.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.TestData;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.verify.SqlRunner;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeterministicEndpointGeneratorTest {
    private ReadOnlyDatabases dbs;
    private Connection c;
    private DeterministicEndpointGenerator gen;

    @BeforeEach
    void open() throws Exception {
        dbs = new ReadOnlyDatabases();
        c = dbs.connection(TestData.superhero());
        DatabaseEntry db = new DatabaseEntry("superhero", TestData.superhero(), "bird/dev_databases/superhero/superhero.sqlite",
                Map.of("superhero", Map.of("height_cm", "the height of the superhero")), List.of());
        gen = new DeterministicEndpointGenerator("bird", db, SchemaIndex.read(c));
    }

    @AfterEach
    void close() {
        dbs.close();
    }

    private GeneratedEndpoint gen(String sql) throws Exception {
        return gen.generate(new Question("1", "superhero", "q", "", sql, "simple", null));
    }

    /** The template with the arguments gives the same rows as the original SQL. */
    private void assertReproduces(String sql, GeneratedEndpoint g) throws Exception {
        List<List<Object>> gold = new SqlRunner(30, 100_000).run(c, sql);
        EndpointVerification v = new EndpointVerifier(new EndpointExecutor(30, 100_000)).verify(c, g, gold);
        assertThat(v.verified()).as(v.detail()).isTrue();
    }

    @Test
    void liftsComparisonLiteralsIntoTypedNamedParameters() throws Exception {
        String sql = "SELECT full_name FROM superhero WHERE height_cm > 200 AND superhero_name = 'Hulk' AND weight_kg <= 500.5 ORDER BY full_name LIMIT 3";
        GeneratedEndpoint g = gen(sql);
        EndpointSpec s = g.spec();
        assertThat(s.sql()).isEqualTo("SELECT full_name FROM superhero WHERE height_cm > ?1 AND superhero_name = ?2 AND weight_kg <= ?3 ORDER BY full_name LIMIT 3");
        assertThat(s.parameters()).extracting(QueryParameter::name).containsExactly("min_height_cm", "superhero_name", "max_weight_kg");
        assertThat(s.parameters()).extracting(p -> p.type().jsonType()).containsExactly("integer", "string", "number");
        assertThat(s.parameters().get(0).description()).startsWith("the height of the superhero (superhero.height_cm)");
        assertThat(g.arguments()).containsExactly(Map.entry("min_height_cm", 200L), Map.entry("superhero_name", "Hulk"), Map.entry("max_weight_kg", 500.5));
        // the slug is cut at a word boundary so that the name stays within OpenAI's 64 characters
        assertThat(s.name()).isEqualTo("get_full_name_by_min_height_cm_v1_bird_superhero").hasSizeLessThanOrEqualTo(64);
        assertThat(s.path()).isEqualTo("/v1/bird/superhero/full_name_by_min_height_cm");
        assertThat(s.response().ordered()).isTrue();
        assertThat(s.producedBy()).isEqualTo("deterministic");
        assertReproduces(sql, g);
    }

    @Test
    void likePatternsInListsBetweenAndNegativeNumbers() throws Exception {
        String sql = "SELECT COUNT(*) FROM superhero WHERE full_name LIKE '%man%' AND superhero_name LIKE 'Bat%' "
                + "AND id IN (1, 2, 3) AND height_cm BETWEEN 100 AND 250 AND weight_kg > -1";
        GeneratedEndpoint g = gen(sql);
        assertThat(g.spec().sql()).contains("full_name LIKE ('%' || ?1 || '%')").contains("superhero_name LIKE (?2 || '%')")
                .contains("id IN (?3, ?4, ?5)").contains("height_cm BETWEEN ?6 AND ?7").contains("weight_kg > ?8");
        assertThat(g.arguments()).containsEntry("full_name_contains", "man").containsEntry("superhero_name_prefix", "Bat")
                .containsEntry("id", 1L).containsEntry("id_2", 2L).containsEntry("id_3", 3L)
                .containsEntry("min_height_cm", 100L).containsEntry("max_height_cm", 250L).containsEntry("min_weight_kg", -1L);
        assertReproduces(sql, g);
    }

    @Test
    void rolesOfJoinedTablesNameGenericColumnsAndFixedLiteralsStay() throws Exception {
        String sql = "SELECT T1.superhero_name FROM superhero AS T1 INNER JOIN colour AS T2 ON T1.eye_colour_id = T2.id "
                + "INNER JOIN colour AS T3 ON T1.hair_colour_id = T3.id WHERE T2.colour = 'Blue' AND T3.colour = 'Blond' "
                + "AND CAST(T1.height_cm AS REAL) * 100 / 2 > 50 LIMIT 5";
        GeneratedEndpoint g = gen(sql);
        assertThat(g.arguments().keySet()).containsExactly("eye_colour", "hair_colour", "min_height_cm");
        assertThat(g.spec().sql()).contains("* 100 / 2 > ?3").endsWith("LIMIT 5");
        assertReproduces(sql, g);
    }

    @Test
    void namesSayWhichExtremeAnOrderedLimitPicks() throws Exception {
        GeneratedEndpoint g = gen("SELECT superhero_name FROM superhero ORDER BY height_cm DESC LIMIT 1");
        assertThat(g.spec().name()).isEqualTo("get_superhero_name_highest_height_cm_v1_bird_superhero");
        assertThat(g.spec().summary()).startsWith("Get superhero name with the highest height cm");
        GeneratedEndpoint colour = gen("SELECT T2.colour FROM superhero AS T1 INNER JOIN colour AS T2 ON T1.eye_colour_id = T2.id WHERE T1.superhero_name = 'Hulk'");
        assertThat(colour.spec().name()).isEqualTo("get_eye_colour_by_superhero_name_v1_bird_superhero");
    }

    @Test
    void anInjectionLikeLiteralIsOnlyEverAValue() throws Exception {
        String sql = "SELECT COUNT(*) FROM superhero WHERE superhero_name = 'x'' OR ''1''=''1'";
        GeneratedEndpoint g = gen(sql);
        assertThat(g.arguments()).containsEntry("superhero_name", "x' OR '1'='1");
        assertThat(g.spec().sql()).isEqualTo("SELECT COUNT(*) FROM superhero WHERE superhero_name = ?1");
        assertReproduces(sql, g);
    }

    @Test
    void doubleQuotedStringsThatAreNotColumnsAreLiftedLikeSqliteReadsThem() throws Exception {
        String sql = "SELECT COUNT(*) FROM superhero WHERE superhero_name = \"Hulk\" AND \"full_name\" IS NOT NULL";
        GeneratedEndpoint g = gen(sql);
        assertThat(g.arguments()).containsExactly(Map.entry("superhero_name", "Hulk"));
        assertThat(g.spec().sql()).contains("superhero_name = ?1").contains("\"full_name\" IS NOT NULL");
        assertReproduces(sql, g);
    }

    @Test
    void unparsableSqlIsRejectedWithItsReason() {
        assertThatThrownBy(() -> gen("SELEC nothing")).isInstanceOf(RestGenerationException.class)
                .satisfies(e -> assertThat(((RestGenerationException) e).reason()).isEqualTo("sql_parse_error"));
    }

    @Test
    void argumentsAreCheckedAgainstTheSpec() throws Exception {
        EndpointSpec s = gen("SELECT full_name FROM superhero WHERE height_cm > 200 AND superhero_name = 'Hulk'").spec();
        assertThat(ArgumentBinder.bind(s, Map.of("min_height_cm", "180", "superhero_name", "Thor"))).containsExactly(180L, "Thor");
        assertThatThrownBy(() -> ArgumentBinder.bind(s, Map.of("min_height_cm", "tall", "superhero_name", "Thor")))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("min_height_cm");
        assertThatThrownBy(() -> ArgumentBinder.bind(s, Map.of("superhero_name", "Thor"))).hasMessageContaining("missing required parameter 'min_height_cm'");
        assertThatThrownBy(() -> ArgumentBinder.bind(s, Map.of("min_height_cm", 1, "superhero_name", "Thor", "x", 1))).hasMessageContaining("unknown parameter 'x'");
        assertThatThrownBy(() -> ArgumentBinder.bind(s, Map.of("min_height_cm", List.of("1", "2"), "superhero_name", "Thor"))).hasMessageContaining("2 times");
    }

    @Test
    void sameTemplateIsMergedAndNameClashesAreRenamed() throws Exception {
        EndpointDeduplicator d = new EndpointDeduplicator("bird", "superhero", NearDuplicateDetector.NONE);
        EndpointSpec a = gen("SELECT full_name FROM superhero WHERE superhero_name = 'Hulk'").spec();
        EndpointSpec b = gen("SELECT full_name FROM superhero WHERE superhero_name = 'Thor'").spec();
        EndpointSpec c2 = gen("SELECT DISTINCT full_name FROM superhero WHERE superhero_name = 'Thor'").spec().withNameAndPath(a.name(), a.path());
        assertThat(d.add("q1", a).endpoint()).isEqualTo(a);
        EndpointDeduplicator.Outcome merged = d.add("q2", b);
        assertThat(merged.endpoint().name()).isEqualTo(a.name());
        assertThat(merged.decision().decision()).isEqualTo("same_sql_template");
        EndpointDeduplicator.Outcome renamed = d.add("q3", c2);
        assertThat(renamed.endpoint().name()).isEqualTo("get_full_name_by_superhero_name_2_v1_bird_superhero");
        assertThat(d.endpoints()).hasSize(2);
        assertThat(d.decisions()).extracting(DedupDecision::decision).containsExactly("same_sql_template", "renamed");
    }
}
