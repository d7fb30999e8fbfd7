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
 * agent for one sample: the gold calls one per step, then the gold answer. It tells the step of a request from
 * its prompt (the number of previous {@code Action Input: {...}} lines + 1) and logs every request's step, so a
 * test can prove which steps were asked twice. The first request of {@code holdStep} is held until released.
 */
final class ScriptedOpenAiEndpoint implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final EvalSample sample;
    private final int holdStep;
    private final List<Integer> stepLog = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch holdReached = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    ScriptedOpenAiEndpoint(EvalSample sample, int holdStep) throws IOException {
        this.sample = sample;
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

    boolean awaitHeldStep(long seconds) throws InterruptedException {
        return holdReached.await(seconds, TimeUnit.SECONDS);
    }

    private MockResponse answer(RecordedRequest request) throws InterruptedException {
        try {
            JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
            String prompt = body.path("messages").path(body.path("messages").size() - 1).path("content").asText();
            int step = countPreviousActions(prompt) + 1;
            stepLog.add(step);
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
