package dev.ibench.workers.react;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.react.OracleAgentScript;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * TEST DOUBLE, not a model: a fake OpenAI-compatible chat endpoint (OkHttp MockWebServer) that plays a ReACT
 * agent for its samples: the gold calls one per step, then the gold answer. It tells the sample of a request by the
 * question in its prompt and the step by the number of previous {@code Action Input: {...}} lines + 1, and logs
 * every request's step and arrival time, so a test can prove which steps were asked twice and how fast requests
 * came. The first request of {@code holdStep} (0: none) is held until released.
 */
final class ScriptedOpenAiEndpoint implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final List<EvalSample> samples;
    private final int holdStep;
    private final List<Integer> stepLog = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> arrivalNanos = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch holdReached = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    ScriptedOpenAiEndpoint(EvalSample sample, int holdStep) throws IOException {
        this(List.of(sample), holdStep);
    }

    ScriptedOpenAiEndpoint(List<EvalSample> samples, int holdStep) throws IOException {
        this.samples = List.copyOf(samples);
        this.holdStep = holdStep;
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                return answer(request);
            }
        });
        server.start();
    }

    String baseUrl() {
        return server.url("/v1").toString();
    }

    List<Integer> stepLog() {
        synchronized (stepLog) {
            return List.copyOf(stepLog);
        }
    }

    /** Arrival times of all requests, in nanoseconds ({@link System#nanoTime}), in arrival order. */
    List<Long> arrivals() {
        synchronized (arrivalNanos) {
            return List.copyOf(arrivalNanos);
        }
    }

    boolean awaitHeldStep(long seconds) throws InterruptedException {
        return holdReached.await(seconds, TimeUnit.SECONDS);
    }

    private MockResponse answer(RecordedRequest request) throws InterruptedException {
        try {
            JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
            String prompt = body.path("messages").path(body.path("messages").size() - 1).path("content").asText();
            int step = countPreviousActions(prompt) + 1;
            arrivalNanos.add(System.nanoTime());
            stepLog.add(step);
            EvalSample sample = samples.stream().filter(s -> prompt.contains(s.input())).findFirst().orElse(null);
            if (sample == null) {
                return new MockResponse().setResponseCode(400).setBody("{\"error\":\"no scripted sample's question in the prompt\"}");
            }
            if (step == holdStep && holdReached.getCount() > 0) {
                holdReached.countDown();
                release.await(120, TimeUnit.SECONDS); // the worker is killed while it waits for this answer
            }
            List<ReactStep> previous = new ArrayList<>();
            for (int i = 1; i < step; i++) {
                previous.add(ReactStep.of(i, ""));
            }
            String text = step <= sample.output().size()
                    ? OracleAgentScript.turn(sample, previous)
                    : "I now know the final answer\nFinal Answer: " + Json.MAPPER.writeValueAsString(sample.goldAnswer());
            ObjectNode response = Json.MAPPER.createObjectNode();
            ObjectNode choice = response.putArray("choices").addObject();
            choice.putObject("message").put("role", "assistant").put("content", text);
            choice.put("finish_reason", "stop");
            response.putObject("usage").put("prompt_tokens", prompt.length() / 4).put("completion_tokens", text.length() / 4);
            return new MockResponse().setHeader("Content-Type", "application/json").setBody(Json.MAPPER.writeValueAsString(response));
        } catch (IOException e) {
            return new MockResponse().setResponseCode(400).setBody("{\"error\":\"" + e.getMessage() + "\"}");
        }
    }

    private static int countPreviousActions(String prompt) {
        int count = 0;
        for (int i = prompt.indexOf("Action Input: {"); i >= 0; i = prompt.indexOf("Action Input: {", i + 1)) {
            count++;
        }
        return count;
    }

    @Override
    public void close() throws IOException {
        release.countDown();
        server.shutdown();
    }
}
