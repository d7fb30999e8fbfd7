package dev.ibench.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.TestData;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadersTest {
    @Test
    void birdLoaderReadsQuestionsDescriptionsAndPortablePaths() throws Exception {
        Dataset d = new BirdLoader().load(TestData.root().resolve("bird"), List.of(), TestData.root());
        assertThat(d.databases()).extracting(DatabaseEntry::id).containsExactly("superhero", "toxicology");
        assertThat(d.questions()).hasSize(274).allSatisfy(q -> assertThat(q.problem()).isNull());
        DatabaseEntry superhero = d.databases().get(0);
        assertThat(superhero.portablePath()).isEqualTo("bird/dev_databases/superhero/superhero.sqlite");
        assertThat(superhero.description("superhero", "full_name")).isEqualTo("the full name of the superhero");
        assertThat(superhero.description("superhero", "no_such_column")).isEqualTo("no such column");
    }

    @Test
    void spiderLoaderTakesEveryDatabaseAndNaturalColumnNames() throws Exception {
        Dataset d = new SpiderLoader().load(TestData.root().resolve("spider"), List.of(), TestData.root());
        assertThat(d.databases()).hasSize(14);
        assertThat(d.questions()).hasSize(725);
        DatabaseEntry singer = d.databases().stream().filter(x -> x.id().equals("singer")).findFirst().orElseThrow();
        assertThat(singer.description("singer", "Net_Worth_Millions")).isEqualTo("net worth millions");
        assertThat(singer.sqliteFile()).exists();
    }

    @Test
    void missingDatabaseIsReportedNotThrown() throws Exception {
        Dataset d = new BirdLoader().load(TestData.root().resolve("bird"), List.of("california_schools"), TestData.root());
        assertThat(d.databases()).singleElement().satisfies(db -> assertThat(db.sqliteFile()).isNull());
        assertThat(d.questions()).isEmpty();
    }
}
