package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.prompt.ModelProfile;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import io.temporal.testing.TestActivityEnvironment;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ReACT model step ({@code ReactModelActivitiesImpl}) and the REST generation, judge and model activities run their
 * model calls through {@link Heartbeating}: when a heartbeat learns the activity was cancelled, the in-flight HTTP
 * request must be aborted at once (a blocked socket read ignores the helper thread's interrupt), and no retry sent.
 */
class HeartbeatingCancellationTest {
    @ActivityInterface
    public interface SlowStep {
        @ActivityMethod
        String step();
    }

    private final OpenAiGatewayFaultTest endpoint = new OpenAiGatewayFaultTest();
    private TestActivityEnvironment environment;

    @BeforeEach
    void start() throws Exception {
        endpoint.start();
        environment = TestActivityEnvironment.newInstance();
    }

    @AfterEach
    void stop() throws Exception {
        environment.close();
        endpoint.stop();
    }

    @Test
    void cancellingTheActivityAbortsTheModelRequestOnTheHelperThread() throws Exception {
        endpoint.server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE)); // the model is still thinking
        endpoint.server.enqueue(new MockResponse().setBody(OpenAiGatewayFaultTest.OK_CHAT));
        ModelProfile profile = endpoint.profile(60);
        CountDownLatch requestEnded = new CountDownLatch(1);
        try (ModelGateway gateway = endpoint.gateway(profile, null)) {
            environment.registerActivitiesImplementations((SlowStep) () -> Heartbeating.call(() -> {
                try {
                    return String.valueOf(gateway.call(OpenAiGatewayFaultTest.chat(profile, "q")).attempts());
                } finally {
                    requestEnded.countDown();
                }
            }, Duration.ofMillis(200), "step 0"));
            SlowStep activity = environment.newActivityStub(SlowStep.class);
            Thread canceller = new Thread(() -> {
                try {
                    endpoint.server.takeRequest(10, TimeUnit.SECONDS); // the request is in flight
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                environment.requestCancelActivity(); // what `campaign cancel` does to the running activity
            });
            canceller.start();
            assertThatThrownBy(activity::step).as("the cancelled activity fails").isNotNull();
            canceller.join();
            assertThat(requestEnded.await(5, TimeUnit.SECONDS)).as("the HTTP request was aborted, not waited out (60 s timeout)").isTrue();
            assertThat(endpoint.server.getRequestCount()).as("no retry after cancellation").isEqualTo(1);
        }
    }
}
