<?php
declare(strict_types=1);

namespace App\Services;

class MailerService
{
    public function send(string $to, string $body): bool
    {
        return mail($to, 'Notice', $body);
    }
}
