package dev.ibench.activities.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import dev.ibench.core.rest.EndpointSpec;
import dev.ibench.core.rest.ParamType;
import dev.ibench.core.rest.QueryParameter;
import dev.ibench.core.rest.ResponseShape;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmbeddingNearDuplicateDetectorTest {
    private static EndpointSpec spec(String slug, String summary, String... params) {
        List<QueryParameter> ps = new java.util.ArrayList<>();
        for (int i = 0; i < params.length; i++) ps.add(new QueryParameter(params[i], ParamType.STRING, params[i], params[i], true, i + 1, null));
        return new EndpointSpec("get_" + slug + "_v1_bird_hr", "GET", "/v1/bird/hr/" + slug, summary, summary, ps,
                "SELECT " + slug + " FROM t", new ResponseShape(List.of(), false), "test");
    }

    @Test
    void flagsSameSignatureParaphrasesOnly() {
        EmbeddingNearDuplicateDetector d = new EmbeddingNearDuplicateDetector(0.9);
        EndpointSpec employees = spec("employees", "Get employees for a given department", "department_name");
        EndpointSpec all = spec("all_employees", "Get all employees for a given department", "department_name");
        EndpointSpec byName = spec("employees_by_first_name", "Get employees for a given first name", "first_name");
        EndpointSpec salaries = spec("salaries", "Get salaries for a given department", "department_name");

        Optional<dev.ibench.core.rest.NearDuplicateDetector.Match> m = d.nearDuplicate(all, List.of(employees));
        assertThat(m).isPresent();
        assertThat(m.get().endpoint()).isEqualTo(employees.name());
        assertThat(m.get().similarity()).isGreaterThanOrEqualTo(0.9);
        // different parameters: a model can tell them apart by the arguments
        assertThat(d.nearDuplicate(byName, List.of(employees))).isEmpty();
        // same parameters, different meaning
        assertThat(d.similarity(salaries, employees)).isLessThan(d.similarity(all, employees));
        assertThat(d.nearDuplicate(salaries, List.of(employees))).isEmpty();
    }
}
