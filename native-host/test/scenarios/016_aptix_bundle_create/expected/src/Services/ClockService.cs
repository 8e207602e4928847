namespace Demo.Services;

public sealed class ClockService
{
    public DateTime Now() => DateTime.UtcNow;
}
